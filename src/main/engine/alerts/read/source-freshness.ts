// Freshness of the service's own data, apart from our fetch: the newest point of each symbol's daily
// TVL series (from the poll's groupBy=stock analytics) is remembered per symbol. A daily point for
// day D is complete when D ends (24:00 UTC); we allow 48 h of publishing lag beyond that. A newest
// point whose day ended longer ago means the series stopped advancing: the symbol is source-stale
// and its figures are not judged as fresh changes.
//
// Freshness is a fact of a check, and a check gets old: a poll whose fresh analytics do not list the
// symbol (the request failed, the cache stood in, the symbol left them) leaves its freshness
// *unknown*. The last mark still counts for SOURCE_MARK_TTL_MS after the poll that checked it — an
// analytics request failing now and then must not let frozen figures through — and is then
// forgotten: unknown is never stale, and the fresh asset detail is judged.
import type { AnalyticsStock, AssetType } from '../../../../shared/liquidity-schemas'
import type { SourceMark } from '../model'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
export const SOURCE_LAG_MS = 48 * HOUR_MS

/** Newest series date per symbol in this poll's fresh stock analytics (cached ones say nothing new). */
export function newestSeriesDates(
  stock: Map<AssetType, { data: AnalyticsStock | null; fromCache: boolean }>,
): Map<string, string> {
  const out = new Map<string, string>()
  for (const f of stock.values()) {
    if (f.data === null || f.fromCache) continue
    for (const entry of f.data.data) {
      const newest = newestDate(entry.series)
      if (newest !== null) out.set(entry.symbol, newest)
    }
  }
  return out
}

/** The newest date of a series (YYYY-MM-DD compares as text; its order is not relied on). */
export function newestDate(series: readonly { date: string }[]): string | null {
  let newest = ''
  for (const p of series) if (p.date > newest) newest = p.date
  return newest === '' ? null : newest
}

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
  const dayEnds = Date.parse(`${mark.newest}T00:00:00Z`) + DAY_MS
  return Number.isFinite(dayEnds) && now.getTime() - dayEnds > SOURCE_LAG_MS
}

export function sourceStaleText(symbol: string, mark: SourceMark): string {
  return `source stale: the service's newest TVL point for ${symbol} is from ${mark.newest}`
}
