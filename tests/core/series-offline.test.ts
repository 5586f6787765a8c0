// The asset view's chart while the service is unreachable: the cycle's cached 90-day analytics
// stand in for a series that was never fetched on its own.
import { afterEach, describe, expect, it } from 'vitest'
import { LiquidityClient } from '../../src/main/client/liquidity-client'
import type { LocalService } from '../../src/dev-service/server'
import { cycleThenWait, liveHarness, MIN, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

async function directSeries(
  s: LocalService,
  symbol: string,
  assetType: 'stock' | 'commodity',
  days: number,
): Promise<unknown> {
  const client = new LiquidityClient({ baseUrl: s.url, apiKey: () => s.apiKey })
  try {
    const r = await client.getAnalytics({ groupBy: 'stock', assetType, symbol, days })
    return r.data.find((x) => x.symbol === symbol)?.series
  } finally {
    client.close()
  }
}

describe('getAssetSeries without the service', () => {
  it("falls back to the cycle's cached 90-day analytics, cut to the requested days, with its as-of", async () => {
    h = await liveHarness({ settings: { watchlist: ['TSLA', 'GOLD'] } })
    const { clock, service: svc } = h
    await h.core.refreshNow()
    const at = clock.date().toISOString()
    const tsla30 = await directSeries(svc, 'TSLA', 'stock', 30)
    const gold7 = await directSeries(svc, 'GOLD', 'commodity', 7)
    clock.jump(5 * MIN)
    await svc.close()
    clock.jump(60 * MIN)

    // Service unreachable (network error): the cycle's data, not "Could not load the history".
    expect(await h.core.getAssetSeries('TSLA', 30)).toEqual({
      data: tsla30,
      fetchedAt: at,
      fromCache: true,
      stale: true,
    })
    expect(await h.core.getAssetSeries('GOLD', 7)).toMatchObject({
      data: gold7,
      fetchedAt: at,
      fromCache: true,
    })
    // More days than the cycle holds: no fallback, the failure stands.
    await expect(h.core.getAssetSeries('TSLA', 365)).rejects.toMatchObject({ kind: 'network' })
    // The cycle lists every symbol of the type, watched or not.
    expect(await h.core.getAssetSeries('NVDA', 30)).toMatchObject({
      fetchedAt: at,
      fromCache: true,
    })
    // A symbol it never listed has no series to fall back to.
    await expect(h.core.getAssetSeries('NOPE', 30)).rejects.toMatchObject({ kind: 'network' })

    // Offline (after failed cycles): answered from the cache at once.
    for (let i = 0; i < 3; i++) await cycleThenWait(h)
    expect((await h.core.getStatus()).connection).toBe('offline')
    expect(await h.core.getAssetSeries('TSLA', 30)).toMatchObject({
      data: tsla30,
      fetchedAt: at,
      fromCache: true,
      stale: true,
    })
  })

  it('prefers the newer of the exact cached request and the cycle analytics', async () => {
    h = await liveHarness({ settings: { watchlist: ['TSLA'] } })
    const { clock, service: svc } = h
    const early = await h.core.getAssetSeries('TSLA', 30) // exact request cached now
    clock.jump(24 * 60 * MIN)
    await h.core.refreshNow() // the cycle's analytics a day later
    const at = clock.date().toISOString()
    const later = await directSeries(svc, 'TSLA', 'stock', 30)
    expect(later).not.toEqual(early.data)
    await svc.close()
    expect(await h.core.getAssetSeries('TSLA', 30)).toMatchObject({
      data: later,
      fetchedAt: at,
      fromCache: true,
    })
  })
})
