// The steps a poll's fetch is made of (both the every-detail and the tiered poll): counting
// requests, fetching details, fetching the bulk series; a failure falls back to the cache.
import { LiquidityError, toSerializedError } from '../../../shared/errors'
import type { AnalyticsStock, AssetType } from '../../../shared/liquidity-schemas'
import { ANALYTICS_DAYS, assetRequest, cycleStockRequest } from '../storage/cache-keys'
import { cachedSnapshot, cachedStock } from './snapshot-cache'
import type { FetchContext, Fetched, FetchResult } from './fetch-types'

export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new LiquidityError('cancelled', 'The refresh was cancelled.')
}

export function emptyResult(): FetchResult {
  return { snapshots: [], stock: new Map(), requests: 0, successes: 0, errors: [], plan: null }
}

export type Track = <T>(p: Promise<T>) => Promise<PromiseSettledResult<T>>

/** Counts a poll's requests, successes and failures. */
export function tracker(out: FetchResult): Track {
  return <T>(p: Promise<T>): Promise<PromiseSettledResult<T>> => {
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
}

/** One detail request per symbol; fresh → cache and snapshot, failure → cached stand-in + error. */
export async function fetchDetails(
  ctx: FetchContext,
  symbols: readonly string[],
  track: Track,
  out: FetchResult,
): Promise<void> {
  const call = { signal: ctx.signal, deadline: ctx.deadline }
  // The client bounds concurrency; firing all at once just queues them there.
  const details = await Promise.all(symbols.map((s) => track(ctx.client.getAsset(s, call))))
  throwIfAborted(ctx.signal)
  const nowIso = ctx.now().toISOString()
  details.forEach((r, i) => {
    const symbol = symbols[i]!
    const error = r.status === 'fulfilled' ? null : toSerializedError(r.reason)
    ctx.plan?.attempts.set(symbol, { at: nowIso, error })
    if (r.status === 'fulfilled') {
      ctx.cache.put(assetRequest(symbol), r.value, nowIso)
      out.snapshots.push({
        symbol,
        detail: r.value,
        fetchedAt: nowIso,
        detailFetchedAt: nowIso,
        screen: null,
        fromCache: false,
        stale: false,
        error: null,
      })
      return
    }
    out.snapshots.push(
      cachedSnapshot(ctx.cache, symbol, ctx.now().getTime(), ctx.intervalMs, error),
    )
  })
}

/** The all-symbols stock analytics of each asset type (the bulk series). */
export async function fetchBulk(
  ctx: FetchContext,
  types: readonly AssetType[],
  track: Track,
  out: FetchResult,
): Promise<void> {
  const call = { signal: ctx.signal, deadline: ctx.deadline }
  const nowIso = ctx.now().toISOString()
  const stockRes = await Promise.all(
    types.map((assetType) =>
      track(ctx.client.getAnalytics({ groupBy: 'stock', days: ANALYTICS_DAYS, assetType }, call)),
    ),
  )
  throwIfAborted(ctx.signal)
  types.forEach((t, i) => out.stock.set(t, settle(ctx, t, stockRes[i]!, nowIso)))
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
