// A data dir whose offline cache holds what a poll of every symbol of a generated universe would
// leave (each asset detail and the cycle's per-type analytics), fetched from a real local service
// that is stopped afterwards: the watchlist is then shown from the cache alone.
import { LiquidityClient } from '../../../src/main/client/liquidity-client'
import { ResponseCache } from '../../../src/main/engine/storage/cache'
import { assetRequest, cycleStockRequest } from '../../../src/main/engine/storage/cache-keys'
import { getCatalog } from '../../../src/main/service/catalog'
import { startLocalService } from '../../../src/dev-service/server'
import { ASSET_TYPES } from '../../../src/shared/liquidity-schemas'

/** Fills dataDir's cache; returns the universe's symbols and the URL of the (stopped) service. */
export async function prepareCache(
  dataDir: string,
  universe: number,
): Promise<{ symbols: string[]; deadUrl: string }> {
  const service = await startLocalService({ port: 0, universe })
  const client = new LiquidityClient({ baseUrl: service.url, apiKey: () => service.apiKey })
  const cache = await ResponseCache.open(dataDir)
  const now = new Date()
  const symbols = getCatalog(universe).assets.map((a) => a.symbol)
  for (const s of symbols) cache.put(assetRequest(s), await client.getAsset(s), now)
  // The cycle's per-type analytics feed the sparklines and the known-symbol list.
  for (const assetType of ASSET_TYPES) {
    const req = cycleStockRequest(assetType)
    cache.put(req, await client.getAnalytics(req.params), now)
  }
  await cache.flush()
  client.close()
  const deadUrl = service.url
  await service.close()
  return { symbols, deadUrl }
}
