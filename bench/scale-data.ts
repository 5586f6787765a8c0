// What an app watching N symbols holds in its offline cache, taken from the local service's
// generated universe over HTTP (realistic issuers, networks, pools): a detail and a 365-day
// series per symbol (as the asset view stores them) and the poll's all-stocks analytics per type.
import { LiquidityClient } from '../src/main/client/liquidity-client'
import type { ResponseCache } from '../src/main/engine/storage/cache'
import {
  analyticsRequest,
  assetRequest,
  cycleStockRequest,
  type AnalyticsRequest,
  type CacheRequest,
  type DataFor,
} from '../src/main/engine/storage/cache-keys'
import { getCatalog } from '../src/main/service/catalog'
import { startLocalService } from '../src/dev-service/server'
import { ASSET_TYPES } from '../src/shared/liquidity-schemas'

/** The bench's sizes: today's demo-sized list, today's comfortable limit, the target. */
export const SCALE_SIZES = [10, 200, 1000] as const
export const SERIES_DAYS = 365

export interface CachedAnswer<R extends CacheRequest = CacheRequest> {
  request: R
  data: DataFor<R>
}

export interface ScaleData {
  symbols: string[]
  /** Per symbol: its detail and its 365-day series. */
  perSymbol: CachedAnswer[]
  /** What a poll stores: the all-stocks analytics of each asset type in use. */
  perPoll: CachedAnswer<AnalyticsRequest>[]
}

/** The first n symbols of the generated universe (the 26 demo assets first). */
export function universeSymbols(n: number): string[] {
  return getCatalog(n)
    .assets.slice(0, n)
    .map((a) => a.symbol)
}

/** Fetches everything once from an in-process universe service; `now` fixes the data's dates. */
export async function fetchScaleData(n: number, now: Date): Promise<ScaleData> {
  const service = await startLocalService({ universe: n, now: () => now })
  const client = new LiquidityClient({
    baseUrl: service.url,
    apiKey: () => service.apiKey,
    now: () => now.getTime(),
  })
  try {
    const symbols = universeSymbols(n)
    const perSymbol = (
      await Promise.all(
        symbols.map(async (symbol): Promise<CachedAnswer[]> => {
          const detail = await client.getAsset(symbol)
          const q = {
            groupBy: 'stock' as const,
            assetType:
              detail.assetType === 'commodity' ? ('commodity' as const) : ('stock' as const),
            symbol,
            days: SERIES_DAYS,
          }
          const series = await client.getAnalytics(q)
          return [
            { request: assetRequest(symbol), data: detail },
            { request: analyticsRequest(q), data: series },
          ]
        }),
      )
    ).flat()
    const types = ASSET_TYPES.filter((t) =>
      perSymbol.some(
        (a) => a.request.kind === 'asset' && 'assetType' in a.data && a.data.assetType === t,
      ),
    )
    const perPoll = await Promise.all(
      types.map(async (assetType) => {
        const request = cycleStockRequest(assetType)
        const data = await client.getAnalytics({ ...request.params, groupBy: 'stock' as const })
        return { request, data }
      }),
    )
    return { symbols, perSymbol, perPoll }
  } finally {
    client.close()
    await service.close()
  }
}

export function putAll(cache: ResponseCache, answers: CachedAnswer[], at: Date): void {
  for (const a of answers) cache.put(a.request, a.data, at)
}
