// The network half of a poll: details for every symbol, then the analytics of their asset types;
// above the detail budget, the tiered poll (tiered-fetch.ts) instead.
// (The whole-market total is not polled: nothing a poll builds reads it; the view fetches it.)
// Each answer goes into the cache; each failure falls back to the cache with the failure attached.
import type { SerializedError } from '../../../shared/errors'
import { analyticsLabel, type AssetType } from '../../../shared/liquidity-schemas'
import { emptyResult, fetchBulk, fetchDetails, tracker } from './fetch-steps'
import type { FetchContext, FetchResult } from './fetch-types'
import { everyDetail } from './poll-plan'
import { isAssetType } from './snapshot-cache'
import { tieredFetch } from './tiered-fetch'

export async function fetchAll(ctx: FetchContext, symbols: string[]): Promise<FetchResult> {
  if (!everyDetail(symbols.length, ctx.plan?.budget ?? Infinity)) return tieredFetch(ctx, symbols)
  const out = emptyResult()
  const track = tracker(out)
  await fetchDetails(ctx, symbols, track, out)
  // Asset types are only known from details (fresh or cached).
  const types = new Set<AssetType>()
  for (const s of out.snapshots) {
    const t = s.detail?.assetType
    if (isAssetType(t)) types.add(t)
  }
  await fetchBulk(ctx, [...types].sort(), track, out)
  return out
}

/** A request of the poll that failed, and whether cached data stood in for it. */
export interface RequestFailure {
  /** The symbol of an asset request, or e.g. "stock analytics". */
  what: string
  error: SerializedError
  fromCache: boolean
  /** When the cached stand-in was fetched; null without one. */
  fetchedAt: string | null
  /** The stand-in is this poll's bulk figures (nothing was cached for it). */
  bulkStandIn?: boolean
}

/** Every failed request of a poll, assets first (watch order), then analytics. */
export function requestFailures(f: FetchResult): RequestFailure[] {
  const out: RequestFailure[] = []
  const add = (
    what: string,
    x: {
      error: SerializedError | null
      fromCache: boolean
      fetchedAt: string | null
      bulkStandIn?: boolean
    },
  ): void => {
    if (!x.error) return
    const f: RequestFailure = {
      what,
      error: x.error,
      fromCache: x.fromCache,
      fetchedAt: x.fetchedAt,
    }
    out.push(x.bulkStandIn === true ? { ...f, bulkStandIn: true } : f)
  }
  for (const s of f.snapshots) add(s.symbol, s)
  for (const [assetType, x] of f.stock) add(analyticsLabel({ groupBy: 'stock', assetType }), x)
  return out
}
