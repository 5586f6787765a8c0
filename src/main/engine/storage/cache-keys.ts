// What the offline cache files a response under: one request type per kind (asset, analytics with
// its query), the data type that belongs to each, and the one canonical key string of a request.
import type {
  AnalyticsQuery,
  AnalyticsResponse,
  AssetDetail,
  GroupBy,
} from '../../../shared/liquidity-schemas'

/** Days of analytics a poll fetches per asset type (rows' sparklines, the views' fallback). */
export const ANALYTICS_DAYS = 90

export type AssetRequest = { kind: 'asset'; params: { symbol: string } }
export type AnalyticsRequest = { kind: 'analytics'; params: AnalyticsQuery & { groupBy: GroupBy } }
export type CacheRequest = AssetRequest | AnalyticsRequest

/** The data type that belongs to a request kind, so put() cannot file analytics under an asset. */
export type DataFor<R extends CacheRequest> = R extends AssetRequest
  ? AssetDetail
  : AnalyticsResponse

/** A key string that remembers the kind of request it was made from. */
export type CacheKey<R extends CacheRequest = CacheRequest> = string & { readonly request?: R }

export function assetRequest(symbol: string): AssetRequest {
  return { kind: 'asset', params: { symbol } }
}

export function analyticsRequest(params: AnalyticsRequest['params']): AnalyticsRequest {
  return { kind: 'analytics', params }
}

/** The cycle's all-symbols analytics of one asset type. */
export function cycleStockRequest(assetType: AnalyticsQuery['assetType']): AnalyticsRequest {
  return analyticsRequest({ groupBy: 'stock', days: ANALYTICS_DAYS, assetType })
}

/**
 * The canonical key: the kind, then every param that is set, sorted by name and URI-escaped, as a
 * query string (`analytics?assetType=stock&days=90&groupBy=stock`). Escaping keeps `&`, `=` and `?`
 * inside a value from reading as separators, so two different requests never share a key.
 */
export function cacheKey<R extends CacheRequest>(request: R): CacheKey<R> {
  const params = request.params as Record<string, string | number | undefined>
  const query = Object.keys(params)
    .filter((name) => params[name] !== undefined)
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(String(params[name]))}`)
    .join('&')
  return `${request.kind}?${query}`
}
