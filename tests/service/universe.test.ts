// `universe`: a generated universe of N assets served over real HTTP, valid to the client's
// schemas, deterministic, with the real demo assets first and realistic issuers and networks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LiquidityClient } from '../../src/main/client/liquidity-client'
import { buildCatalog } from '../../src/main/service/catalog'
import type { LocalService } from '../../src/dev-service/server'
import { MAX_UNIVERSE } from '../../src/main/service/universe'
import { start } from './helpers'

let svc: LocalService
let client: LiquidityClient
beforeAll(async () => {
  svc = await start({ universe: 1000 })
  client = new LiquidityClient({ baseUrl: svc.url, apiKey: () => svc.apiKey })
})
afterAll(async () => {
  client.close()
  await svc.close()
})

describe('a generated universe', () => {
  it('has 1000 distinct symbols, the 26 demo assets first, and stocks and commodities', () => {
    const c = buildCatalog(1000)
    expect(c.assets).toHaveLength(1000)
    expect(new Set(c.assets.map((a) => a.symbol)).size).toBe(1000)
    expect(c.assets.slice(0, 26).map((a) => a.symbol)).toEqual(
      buildCatalog().assets.map((a) => a.symbol),
    )
    const types = new Set(c.assets.slice(26).map((a) => a.assetType))
    expect(types).toEqual(new Set(['stock', 'commodity']))
    // Every asset has at least one issuer on at least one network.
    for (const a of c.assets) expect(c.slicesBySymbol.get(a.symbol)!.length).toBeGreaterThan(0)
  })

  it('is deterministic, and a smaller universe is a prefix of a larger one', () => {
    const a = buildCatalog(300).assets.map((x) => x.symbol)
    expect(buildCatalog(300).assets.map((x) => x.symbol)).toEqual(a)
    expect(
      buildCatalog(1000)
        .assets.slice(0, 300)
        .map((x) => x.symbol),
    ).toEqual(a)
  })

  it('refuses a size outside 1..MAX in plain words', () => {
    expect(() => buildCatalog(0)).toThrow(/universe must be a whole number from 1 to/)
    expect(() => buildCatalog(MAX_UNIVERSE + 1)).toThrow(/universe must be/)
  })

  it('serves a generated stock and a generated commodity that pass the client validation', async () => {
    const c = buildCatalog(1000)
    const stock = c.assets.find((a, i) => i >= 26 && a.assetType === 'stock')!
    const commodity = c.assets.find((a, i) => i >= 26 && a.assetType === 'commodity')!
    for (const a of [stock, commodity]) {
      const d = await client.getAsset(a.symbol)
      expect(d.symbol).toBe(a.symbol)
      expect(d.assetType).toBe(a.assetType)
      expect(d.totalTvl).toBeGreaterThan(0)
      expect(d.issuers.length).toBeGreaterThan(0)
    }
  })

  it('answers one bulk request per asset type with every symbol of the universe', async () => {
    const got = await Promise.all(
      (['stock', 'commodity'] as const).map((assetType) =>
        client.getAnalytics({ groupBy: 'stock', days: 90, assetType }),
      ),
    )
    const symbols = got.flatMap((g) => g.data.map((d) => d.symbol))
    expect(new Set(symbols).size).toBe(1000)
    for (const g of got) for (const d of g.data) expect(d.series.length).toBeGreaterThan(80)
  })
})
