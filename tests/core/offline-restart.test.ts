// Offline is honest across restarts: the time of the last success comes back from the files on
// disk, so a restart with the service gone still says when the shown data is from.
import { afterEach, describe, expect, it } from 'vitest'
import { cycleThenWait, harness, liveHarness, LIVE_KEY, MIN, row, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

describe('a restart while the service is gone', () => {
  it('restores the last success time, stays honest about the connection, and keeps each row’s as-of', async () => {
    h = await liveHarness({ settings: { watchlist: ['TSLA', 'NVDA'] } })
    await cycleThenWait(h)
    const { lastSuccessAt } = await h.core.getStatus()
    expect(lastSuccessAt).not.toBeNull()
    const asOf = row(await h.core.getWatchlist(), 'TSLA').fetchedAt
    expect(asOf).toBe(lastSuccessAt)

    const { dir, clock } = h
    const url = h.service.url
    await h.core.stop()
    await h.service.close()
    clock.jump(2 * 60 * MIN)
    h = await harness({ dir, clock, key: LIVE_KEY, keyFor: url })

    // Before any poll: the last success is the one on disk; nothing claims to be online.
    const first = await h.core.getStatus()
    expect(first.lastSuccessAt).toBe(lastSuccessAt)
    expect(first.connection).toBe('idle')

    for (let i = 0; i < 3; i++) await cycleThenWait(h)
    const offline = await h.core.getStatus()
    expect(offline.connection).toBe('offline')
    expect(offline.lastSuccessAt).toBe(lastSuccessAt)
    expect(offline.staleSince).toBe(asOf)
    for (const r of await h.core.getWatchlist()) {
      expect(r).toMatchObject({ fetchedAt: asOf, stale: true })
      expect(r.error).toMatchObject({ kind: 'network' })
      expect(r.totalTvl).toBeGreaterThan(0)
    }
  })

  it('a fresh data directory has no last success', async () => {
    h = await harness()
    expect((await h.core.getStatus()).lastSuccessAt).toBeNull()
  })
})
