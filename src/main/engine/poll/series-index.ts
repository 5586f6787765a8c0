// One symbol's series in a bulk analytics response, found through an index built once per
// response: rows look up every watched symbol, and a scan per symbol made a 1000-row watchlist
// cost a million comparisons per build (hundreds of ms holding the main process at start-up).
import { newestDate } from '../../../shared/data-date'
import type { AnalyticsStock, AssetType } from '../../../shared/liquidity-schemas'

type StockEntry = AnalyticsStock['data'][number]

/** Responses are kept read-only (cache envelopes, a poll's fetch): an index stays true to its response. */
const indexes = new WeakMap<AnalyticsStock, Map<string, StockEntry>>()

/** The symbol's entry in the analytics (the first, as a scan would find), or undefined. */
export function seriesEntry(
  stock: AnalyticsStock | null | undefined,
  symbol: string,
): StockEntry | undefined {
  if (!stock) return undefined
  let index = indexes.get(stock)
  if (index === undefined) {
    index = new Map()
    for (const d of stock.data) if (!index.has(d.symbol)) index.set(d.symbol, d)
    indexes.set(stock, index)
  }
  return index.get(symbol)
}

/** Newest series date per symbol in this poll's fresh stock analytics (cached ones say nothing new):
 *  the alerts' read stage tells from it whether the service's own data still advances. */
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
