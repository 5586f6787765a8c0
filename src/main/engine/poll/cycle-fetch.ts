// The network half of a poll: details for every symbol, then the analytics of their asset types.
// (The whole-market total is not polled: nothing a poll builds reads it; the view fetches it.)
// Each answer goes into the cache; each failure falls back to the cache with the failure attached.
import { LiquidityError, toSerializedError, type SerializedError } from '../../../shared/errors'
import {
  analyticsLabel,
  type AnalyticsStock,
  type AssetDetail,
  type AssetType,
} from '../../../shared/liquidity-schemas'
import type {
  AnalyticsQuery,
  AnalyticsResponseMap,
  GroupBy,
} from '../../../shared/liquidity-schemas'
import type { ResponseCache } from '../storage/cache'
import { ANALYTICS_DAYS, assetRequest, cycleStockRequest } from '../storage/cache-keys'
import type { SymbolSnapshot } from './snapshot'
import { cachedSnapshot, cachedStock, isAssetType } from './snapshot-cache'

/** The two client calls a cycle makes; LiquidityClient satisfies it. */
export interface CycleClient {
  getAsset(symbol: string, opts?: CallOptions): Promise<AssetDetail>
  getAnalytics<G extends GroupBy>(
    q: AnalyticsQuery & { groupBy: G },
    opts?: CallOptions,
  ): Promise<AnalyticsResponseMap[G]>
}

/** A poll's cancel signal and the clock time by which its requests stop waiting (rate holds, back-off). */
interface CallOptions {
  signal?: AbortSignal
  deadline?: number
}

export interface Fetched<T> {
  data: T | null
  fetchedAt: string | null
  fromCache: boolean
  error: SerializedError | null
}

export interface FetchResult {
  snapshots: SymbolSnapshot[]
  stock: Map<AssetType, Fetched<AnalyticsStock>>
  requests: number
  successes: number
  errors: SerializedError[]
}

export interface FetchContext {
  client: CycleClient
  cache: ResponseCache
  signal: AbortSignal
  /** The poll's wait deadline (clock ms): no request of it waits past this. */
  deadline?: number
  now: () => Date
  intervalMs: number
}

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new LiquidityError('cancelled', 'The refresh was cancelled.')
}

export async function fetchAll(ctx: FetchContext, symbols: string[]): Promise<FetchResult> {
  const out: FetchResult = {
    snapshots: [],
    stock: new Map(),
    requests: 0,
    successes: 0,
    errors: [],
  }
  const call = { signal: ctx.signal, deadline: ctx.deadline }
  const track = <T>(p: Promise<T>): Promise<PromiseSettledResult<T>> => {
    out.requests++
    return p.then(
      (value) => {
        out.successes++
        return { status: 'fulfilled', value } as const
      },
      (reason: unknown) => {
        out.errors.push(toSerializedError(reason))
        return { status: 'rejected', reason } as const
      },
    )
  }

  // The client bounds concurrency; firing all at once just queues them there.
  const details = await Promise.all(symbols.map((s) => track(ctx.client.getAsset(s, call))))
  throwIfAborted(ctx.signal)
  const nowIso = ctx.now().toISOString()
  details.forEach((r, i) => {
    const symbol = symbols[i]!
    if (r.status === 'fulfilled') {
      ctx.cache.put(assetRequest(symbol), r.value, nowIso)
      out.snapshots.push({
        symbol,
        detail: r.value,
        fetchedAt: nowIso,
        fromCache: false,
        stale: false,
        error: null,
      })
      return
    }
    out.snapshots.push(
      cachedSnapshot(
        ctx.cache,
        symbol,
        ctx.now().getTime(),
        ctx.intervalMs,
        toSerializedError(r.reason),
      ),
    )
  })

  // Asset types are only known from details (fresh or cached).
  const types = new Set<AssetType>()
  for (const s of out.snapshots) {
    const t = s.detail?.assetType
    if (isAssetType(t)) types.add(t)
  }
  const typeList = [...types].sort()
  const stockRes = await Promise.all(
    typeList.map((assetType) =>
      track(ctx.client.getAnalytics({ groupBy: 'stock', days: ANALYTICS_DAYS, assetType }, call)),
    ),
  )
  throwIfAborted(ctx.signal)
  typeList.forEach((t, i) => out.stock.set(t, settle(ctx, t, stockRes[i]!, nowIso)))
  return out
}

/** Fresh answer → cache and use it; failure → the cached answer (if any) plus the error. */
function settle(
  ctx: FetchContext,
  assetType: AssetType,
  r: PromiseSettledResult<AnalyticsStock>,
  nowIso: string,
): Fetched<AnalyticsStock> {
  if (r.status === 'fulfilled') {
    ctx.cache.put(cycleStockRequest(assetType), r.value, nowIso)
    return { data: r.value, fetchedAt: nowIso, fromCache: false, error: null }
  }
  const cached = cachedStock(ctx.cache, assetType)
  return {
    data: cached?.data ?? null,
    fetchedAt: cached?.fetchedAt ?? null,
    fromCache: cached !== null,
    error: toSerializedError(r.reason),
  }
}

/** A request of the poll that failed, and whether cached data stood in for it. */
export interface RequestFailure {
  /** The symbol of an asset request, or e.g. "stock analytics". */
  what: string
  error: SerializedError
  fromCache: boolean
  /** When the cached stand-in was fetched; null without one. */
  fetchedAt: string | null
}

/** Every failed request of a poll, assets first (watch order), then analytics. */
export function requestFailures(f: FetchResult): RequestFailure[] {
  const out: RequestFailure[] = []
  const add = (
    what: string,
    x: { error: SerializedError | null; fromCache: boolean; fetchedAt: string | null },
  ): void => {
    if (x.error) out.push({ what, error: x.error, fromCache: x.fromCache, fetchedAt: x.fetchedAt })
  }
  for (const s of f.snapshots) add(s.symbol, s)
  for (const [assetType, x] of f.stock) add(analyticsLabel({ groupBy: 'stock', assetType }), x)
  return out
}
