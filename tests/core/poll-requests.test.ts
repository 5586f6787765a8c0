// What a poll asks the service for: a detail per symbol and the analytics of each asset type the
// rows show, nothing the app never reads (the whole-market total is fetched when a view asks).
import { afterEach, describe, expect, it } from 'vitest'
import { liveHarness, MIN, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

const analyticsQueries = (h: Harness): URLSearchParams[] =>
  h.service
    .requestLog()
    .filter((r) => r.path.endsWith('/analytics'))
    .map((r) => new URLSearchParams(r.query))

describe('the requests of a poll', () => {
  it('asks for no groupBy=total analytics; the analytics view still gets the total series, and from the cache when offline', async () => {
    h = await liveHarness({ settings: { watchlist: ['TSLA', 'GOLD'] } })
    await h.core.refreshNow()
    const polled = analyticsQueries(h)
    expect(polled.map((q) => q.get('groupBy'))).toEqual(['stock', 'stock'])
    expect(polled.map((q) => q.get('assetType')).sort()).toEqual(['commodity', 'stock'])

    const view = await h.core.getAnalytics({ groupBy: 'total', assetType: 'stock', days: 30 })
    expect(view).toMatchObject({ fromCache: false, stale: false })
    expect(view.data.groupBy).toBe('total')
    if (view.data.groupBy !== 'total') throw new Error('not a total')
    expect(view.data.series).toHaveLength(30)
    expect(analyticsQueries(h).at(-1)?.get('groupBy')).toBe('total')

    const at = h.clock.date().toISOString()
    h.clock.jump(5 * MIN)
    await h.service.close()
    expect(await h.core.getAnalytics({ groupBy: 'total', assetType: 'stock', days: 30 })).toEqual({
      ...view,
      fetchedAt: at,
      fromCache: true,
    })
  })
})
