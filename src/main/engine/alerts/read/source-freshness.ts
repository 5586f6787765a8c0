// Freshness of the service's own data, apart from our fetch: a daily series whose newest day ended
// over 48 h ago (publishing lag) stopped advancing, and its figures are not judged as fresh. Without
// a date this poll, the last mark counts for an hour (a failing request must not let frozen figures
// through), then freshness is unknown, which is never stale.
import type { SourceMark } from '../model'

const HOUR_MS = 3_600_000
const SOURCE_LAG_MS = 48 * HOUR_MS
/** How long a mark counts after the poll that checked it, when later polls bring no date. */
export const SOURCE_MARK_TTL_MS = HOUR_MS

/** The mark after this poll: its newest date, or the last mark while it is recent; else unknown. */
export function trackSource(
  prev: SourceMark | undefined,
  newest: string | undefined,
  now: Date,
): SourceMark | undefined {
  if (newest !== undefined) return { newest, checkedAt: now.toISOString() }
  if (prev === undefined) return undefined
  const age = now.getTime() - Date.parse(prev.checkedAt)
  return age <= SOURCE_MARK_TTL_MS ? prev : undefined
}

export function isSourceStale(mark: SourceMark | undefined, now: Date): boolean {
  if (mark === undefined) return false
  const dayEnds = Date.parse(`${mark.newest}T00:00:00Z`) + 24 * HOUR_MS
  return Number.isFinite(dayEnds) && now.getTime() - dayEnds > SOURCE_LAG_MS
}

export function sourceStaleText(symbol: string, mark: SourceMark): string {
  return `source stale: the service's newest TVL point for ${symbol} is from ${mark.newest}`
}
