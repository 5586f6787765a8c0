// Rows and views rebuilt from the offline cache alone: what the app shows before the first
// cycle, after a watchlist edit, and while the service cannot be reached.
import type { AlertInstance } from '../../shared/alert-rules'
import type { SerializedError } from '../../shared/errors'
import {
  ASSET_TYPES,
  type AnalyticsQuery,
  type AnalyticsStock,
  type AssetDetail,
  type AssetType,
  type GroupBy,
} from '../../shared/liquidity-schemas'
import type { KnownSymbol, LikeForLikeChange, WatchRow } from '../../shared/view-models'
import type { ResponseCache } from './cache'
import { requestKey } from './cache-envelope'
import { ANALYTICS_DAYS, analyticsRequest, assetRequest } from './cycle-fetch'
import { buildRow, isStale, seriesFactsFor, type SymbolSnapshot } from './snapshot'

export function cachedSnapshot(
  cache: ResponseCache,
  symbol: string,
  nowMs: number,
  intervalMs: number,
  error: SerializedError | null = null,
): SymbolSnapshot {
  const e = cache.get(requestKey(assetRequest(symbol)))
  const detail = e && e.request.kind === 'asset' ? (e.data as AssetDetail) : null
  const fetchedAt = detail ? e!.fetchedAt : null
  return {
    symbol,
    detail,
    fetchedAt,
    fromCache: detail !== null,
    stale: isStale(fetchedAt, nowMs, intervalMs),
    error,
  }
}

/** The cycle's all-symbols analytics for one asset type, as last cached. */
export function cachedStock(cache: ResponseCache, assetType: AssetType): AnalyticsStock | null {
  return cachedStockEntry(cache, assetType)?.data ?? null
}

/** The cached stock analytics of an asset type with when they were fetched. */
function cachedStockEntry(
  cache: ResponseCache,
  assetType: AssetType,
): { data: AnalyticsStock; fetchedAt: string } | null {
  const e = cache.get(
    requestKey(analyticsRequest({ groupBy: 'stock', days: ANALYTICS_DAYS, assetType })),
  )
  if (e?.request.kind !== 'analytics') return null
  const data = e.data as AnalyticsStock
  return data.groupBy === 'stock' ? { data, fetchedAt: e.fetchedAt } : null
}

export interface CachedRowsInput {
  cache: ResponseCache
  watchlist: string[]
  nowMs: number
  intervalMs: number
  instances: AlertInstance[]
  snoozed: Set<string>
  /** Per-symbol failures of the last cycle, so an edit does not hide them. */
  errors?: Map<string, SerializedError>
  /** Problems of the app that touch every row (data that cannot be saved). */
  pollProblems?: string[]
  /** Per-symbol findings of the alert engine's last reading (missing issuer, source stale, …). */
  findings?: Record<string, string[]>
  /** Per-symbol like-for-like change of the last reading (while parts are missing). */
  likeForLike?: Record<string, LikeForLikeChange>
}

export function cachedRows(i: CachedRowsInput): WatchRow[] {
  return i.watchlist.map((symbol) => {
    const s = cachedSnapshot(i.cache, symbol, i.nowMs, i.intervalMs, i.errors?.get(symbol) ?? null)
    const type = s.detail?.assetType
    const stock = isAssetType(type) ? cachedStockEntry(i.cache, type) : null
    const problems = {
      findings: i.findings?.[symbol],
      poll: i.pollProblems,
      likeForLike: i.likeForLike?.[symbol],
    }
    return buildRow(s, seriesFactsFor(stock, symbol), i.instances, i.snoozed.has(symbol), problems)
  })
}

export function cachedKnownSymbols(cache: ResponseCache): KnownSymbol[] {
  const out: KnownSymbol[] = []
  for (const assetType of ASSET_TYPES) {
    for (const d of cachedStock(cache, assetType)?.data ?? [])
      out.push({ symbol: d.symbol, assetType })
  }
  return out.sort((a, b) => a.symbol.localeCompare(b.symbol))
}

export function isAssetType(t: string | null | undefined): t is AssetType {
  return (ASSET_TYPES as readonly string[]).includes(t ?? '')
}

/**
 * Cache key of an on-demand analytics query. Unfiltered queries share the cycle's key; filtered
 * ones spell out every parameter (the conventional key would let a symbol filter overwrite the whole list).
 */
export function analyticsViewKey(q: AnalyticsQuery & { groupBy: GroupBy }): string {
  if (q.symbol === undefined && q.issuer === undefined) return requestKey(analyticsRequest(q))
  return `analytics:${q.groupBy}:${q.assetType ?? ''}:${q.symbol ?? ''}:${q.issuer ?? ''}:${q.days ?? 90}`
}
