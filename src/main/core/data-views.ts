// On-demand reads for the detail and analytics views: fresh from the service when it answers,
// otherwise the cached answer with its as-of (Fetched.fromCache / stale).
import { LiquidityError, type ErrorKind } from '../../shared/errors'
import type {
  AnalyticsQuery,
  AnalyticsResponse,
  AssetDetail,
  AssetType,
  GroupBy,
  SeriesPoint,
} from '../../shared/liquidity-schemas'
import type { AnalyticsView, AssetView, Fetched, SeriesView } from '../../shared/view-models'
import type { AnalyticsRequest, ResponseCache } from '../engine/storage/cache'
import {
  ANALYTICS_DAYS,
  analyticsRequest,
  assetRequest,
  cycleStockRequest,
} from '../engine/storage/cache-keys'
import type { Clock } from '../engine/poll/scheduler'
import { isStale } from '../engine/poll/snapshot'
import { cachedKnownSymbols, cachedSnapshot, isAssetType } from '../engine/poll/snapshot-cache'
import type { DataSource } from './data-source'
import type { CycleClient } from '../engine/poll/fetch-types'

export interface ViewDeps {
  client: () => CycleClient
  cache: ResponseCache
  now: () => Date
  intervalMs: () => number
  /** True while the engine is offline: answer from the cache at once instead of waiting on timeouts. */
  offline: () => boolean
}

/** The views' dependencies as the data source holds them now (they change on a switch). */
export function viewDepsOf(
  data: Pick<DataSource, 'current'>,
  clock: Clock,
  intervalMs: () => number,
  offline: () => boolean,
): ViewDeps {
  return {
    client: () => data.current().connection.client,
    cache: data.current().cache,
    now: () => new Date(clock.now()),
    intervalMs,
    offline,
  }
}

/** Kinds where a cached answer is still the right answer; a wrong symbol or query is not. */
const FALLBACK_KINDS = new Set<ErrorKind>([
  'network',
  'timeout',
  'server',
  'rate-limited',
  'auth',
  'invalid-response',
])

async function freshOrCached<T>(
  d: ViewDeps,
  fetch: () => Promise<T>,
  store: (data: T, at: string) => void,
  fromCache: () => { data: T; fetchedAt: string } | null,
): Promise<Fetched<T>> {
  const cachedView = (): Fetched<T> | null => {
    const c = fromCache()
    if (!c) return null
    return { ...c, fromCache: true, stale: isStale(c.fetchedAt, d.now().getTime(), d.intervalMs()) }
  }
  if (d.offline()) {
    const c = cachedView()
    if (c) return c
  }
  try {
    const data = await fetch()
    const fetchedAt = d.now().toISOString()
    store(data, fetchedAt)
    return { data, fetchedAt, fromCache: false, stale: false }
  } catch (e) {
    const c = e instanceof LiquidityError && FALLBACK_KINDS.has(e.kind) ? cachedView() : null
    if (c) return c
    throw e
  }
}

export function getAssetView(d: ViewDeps, symbol: string): Promise<AssetView> {
  return freshOrCached<AssetDetail>(
    d,
    () => d.client().getAsset(symbol),
    (data, at) => d.cache.put(assetRequest(symbol), data, at),
    () => {
      const s = cachedSnapshot(d.cache, symbol, d.now().getTime(), d.intervalMs())
      return s.detail && s.fetchedAt ? { data: s.detail, fetchedAt: s.fetchedAt } : null
    },
  )
}

type Query = AnalyticsQuery & { groupBy: GroupBy }

export function getAnalyticsView(d: ViewDeps, q: Query): Promise<AnalyticsView> {
  const req = analyticsRequest(q)
  return freshOrCached<AnalyticsResponse>(
    d,
    () => d.client().getAnalytics(q),
    (data, at) => d.cache.put(req, data, at),
    () => {
      const e = d.cache.get(req)
      return e ? { data: e.data, fetchedAt: e.fetchedAt } : null
    },
  )
}

type CachedSeries = { data: SeriesPoint[]; fetchedAt: string }

function seriesIn(data: AnalyticsResponse, symbol: string): SeriesPoint[] | null {
  return data.groupBy === 'stock'
    ? (data.data.find((x) => x.symbol === symbol)?.series ?? null)
    : null
}

/**
 * The best cached series for a request: the exact request as last answered, or the cycle's
 * 90-day analytics of the symbol's asset type cut to the last `days` points when it holds that
 * many. The newer of the two wins (the cycle's runs every poll; the exact one only when viewed).
 */
function cachedSeries(
  d: ViewDeps,
  req: AnalyticsRequest,
  symbol: string,
  assetType: AssetType,
  days: number,
): CachedSeries | null {
  const found: CachedSeries[] = []
  const exact = d.cache.get(req)
  const exactSeries = exact ? seriesIn(exact.data, symbol) : null
  if (exact && exactSeries) found.push({ data: exactSeries, fetchedAt: exact.fetchedAt })
  const cycle = d.cache.get(cycleStockRequest(assetType))
  const cycleSeries = cycle ? seriesIn(cycle.data, symbol) : null
  if (cycle && cycleSeries && days <= ANALYTICS_DAYS && cycleSeries.length >= days) {
    found.push({ data: cycleSeries.slice(-days), fetchedAt: cycle.fetchedAt })
  }
  return found.reduce<CachedSeries | null>(
    (best, c) => (best === null || Date.parse(c.fetchedAt) > Date.parse(best.fetchedAt) ? c : best),
    null,
  )
}

/** One symbol's daily series; its asset type comes from cached data (the service filters per type). */
export async function getSeriesView(
  d: ViewDeps,
  symbol: string,
  days: number,
): Promise<SeriesView> {
  const detailType = cachedSnapshot(d.cache, symbol, 0, 60_000).detail?.assetType
  const knownType = cachedKnownSymbols(d.cache).find((k) => k.symbol === symbol)?.assetType
  const t = detailType ?? knownType
  const assetType = isAssetType(t) ? t : 'stock'
  const q: Query = { groupBy: 'stock', assetType, symbol, days }
  const req = analyticsRequest(q)
  const view = await freshOrCached<SeriesPoint[] | null>(
    d,
    async () => {
      const data = await d.client().getAnalytics(q)
      // Stored whole (as the analytics view does), whether or not it lists the symbol.
      d.cache.put(req, data, d.now().toISOString())
      return seriesIn(data, symbol)
    },
    () => undefined,
    () => cachedSeries(d, req, symbol, assetType, days),
  )
  if (!view.data)
    throw new LiquidityError('not-found', `The service has no ${days}-day series for ${symbol}.`)
  return { ...view, data: view.data }
}
