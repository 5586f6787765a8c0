// The "as of" line of a figure's tooltip: when the data it came from was fetched, or the newest
// date of its series, or that it comes from the app's own history. One phrasing for every view.
import { fmtDate, fmtDateTime } from './format'

/** A figure from one fetched record (asset detail, analytics answer). */
export function fetchedAsOf(fetchedAt: string | null | undefined, fromCache = false): string {
  if (!fetchedAt) return 'Not fetched yet.'
  return `${fromCache ? 'From the offline copy fetched' : 'Fetched'} ${fmtDateTime(fetchedAt)}.`
}

/** A figure from a daily series: its newest date, and when it was fetched. */
export function seriesAsOf(
  newestDate: string | null | undefined,
  fetchedAt: string | null | undefined,
  fromCache = false,
): string {
  const fetched = fetchedAsOf(fetchedAt, fromCache)
  return newestDate ? `Newest point ${fmtDate(newestDate)}; ${fetched.toLowerCase()}` : fetched
}

/** Figures of many rows fetched at different times (the watchlist): the oldest and newest fetch. */
export function rowsAsOf(fetched: readonly (string | null)[]): string {
  // One pass, no sort: the watchlist can hold thousands of rows. ISO times compare as text.
  let first: string | undefined
  let last: string | undefined
  for (const t of fetched) {
    if (!t) continue
    if (first === undefined || t < first) first = t
    if (last === undefined || t > last) last = t
  }
  if (!first || !last) return 'Not fetched yet.'
  if (first === last) return `Fetched ${fmtDateTime(last)}.`
  return `Each row as fetched, between ${fmtDateTime(first)} and ${fmtDateTime(last)}.`
}

export const FROM_LOCAL_HISTORY = "From the app's local history of polls."
