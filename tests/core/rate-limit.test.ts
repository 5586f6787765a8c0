// A 429 in the middle of a poll holds the rest of that poll at the origin: the requests queued
// behind it are not sent, every row says until when, and the poller holds off until then.
import { afterEach, describe, expect, it } from 'vitest'
import { harness, liveHarness, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

const WATCH = ['TSLA', 'NVDA', 'AAPL', 'MSFT', 'GOOGL', 'AMZN', 'META', 'GOLD']

describe('AppCore and the rate gate (live service over HTTP)', () => {
  it('one 429 (Retry-After 10 min) holds the other requests of the same poll', async () => {
    h = await liveHarness({
      settings: { watchlist: WATCH },
      // One slot: everything after the first request is queued behind it, as a large poll is.
      deps: { client: { retry: { maxAttempts: 1 }, timeoutMs: 3_000, concurrency: 1 } },
    })
    const svc = h.service
    svc.faults.inject({ kind: 'status', status: 429, retryAfter: 600, times: 1, match: 'asset' })
    const status = await h.core.refreshNow()
    expect(svc.stats().requests).toBe(1)
    const rows = await h.core.getWatchlist()
    expect(rows).toHaveLength(WATCH.length)
    for (const r of rows) {
      expect(r.error).toMatchObject({ kind: 'rate-limited' })
      expect(r.error!.message).toMatch(/slow down \(429\); it is rate-limited until \d\d:\d\d/)
      expect(r.problems).toContain(r.error!.message)
    }
    expect(status.lastError).toMatchObject({ kind: 'rate-limited' })
    // The poller holds off too: a manual refresh before then sends nothing.
    await h.core.refreshNow()
    expect(svc.stats().requests).toBe(1)
    h.clock.jump(11 * 60_000)
    await h.core.refreshNow()
    expect(svc.stats().requests).toBeGreaterThan(WATCH.length)
    expect((await h.core.getWatchlist()).every((r) => r.error === null)).toBe(true)
  })

  it('Test connection shares the poll’s hold: after a poll meets a 429, it fails fast and sends nothing', async () => {
    h = await liveHarness({ settings: { watchlist: ['TSLA'] } })
    const svc = h.service
    svc.faults.inject({ kind: 'status', status: 429, retryAfter: 600, times: 1, match: 'asset' })
    await h.core.refreshNow()
    const sent = svc.stats().requests
    const r = await h.core.testConnection({ baseUrl: svc.url })
    expect(r).toMatchObject({ ok: false, kind: 'rate-limited', key: 'saved' })
    expect(r.message).toMatch(/rate-limited until \d\d:\d\d/)
    expect(svc.stats().requests).toBe(sent)
  })

  it('holds belong to one core, not the process: another core on the same origin is not held', async () => {
    h = await liveHarness({ settings: { watchlist: ['TSLA'] } })
    const svc = h.service
    svc.faults.inject({ kind: 'status', status: 429, retryAfter: 3600, times: 1, match: 'asset' })
    await h.core.refreshNow()
    expect((await h.core.getWatchlist())[0]!.error).toMatchObject({ kind: 'rate-limited' })
    await h.core.stop()
    // A new core (as after a restart, or a test that reuses the port) starts without that hold.
    const again = await harness({ clock: h.clock, live: svc, settings: { watchlist: ['TSLA'] } })
    try {
      const sent = svc.stats().requests
      await again.core.refreshNow()
      expect(svc.stats().requests).toBeGreaterThan(sent)
      expect((await again.core.getWatchlist())[0]!.error).toBeNull()
    } finally {
      await again.close()
    }
  })
})
