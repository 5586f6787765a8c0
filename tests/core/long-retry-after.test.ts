// A Retry-After beyond the one-hour cap is clamped to the hour (README: 1 s – 1 h) and held that
// long, as a saved hold with a far `until` is: the next polls send nothing; the hour on, they ask.
import { afterEach, describe, expect, it } from 'vitest'
import { liveHarness, MIN, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

describe('a Retry-After longer than an hour', () => {
  it('holds the origin for the clamped hour; the polls after it ask again', async () => {
    h = await liveHarness({
      settings: { watchlist: ['TSLA', 'NVDA', 'GOLD'], intervalMinutes: 5 },
      deps: { client: { retry: { maxAttempts: 1 }, timeoutMs: 3_000, concurrency: 1 } },
    })
    const svc = h.service
    svc.faults.inject({
      kind: 'status',
      status: 503,
      retryAfter: 'Wed, 21 Oct 2099 07:28:00 GMT',
      times: 1,
      match: 'asset',
    })
    await h.core.refreshNow()
    expect(svc.stats().requests).toBe(1)
    // The answer itself, and the requests held behind it, say until when.
    const rows = await h.core.getWatchlist()
    for (const r of rows) expect(r.error!.message).toMatch(/until \d\d:\d\d/)
    expect(rows[1]!.error).toMatchObject({ kind: 'rate-limited' })
    // The next poll, one interval on, sends nothing: the hold lasts the hour.
    h.clock.jump(5 * MIN)
    await h.core.refreshNow()
    expect(svc.stats().requests).toBe(1)
    // The hour over, the service is asked again and answers.
    h.clock.jump(56 * MIN)
    await h.core.refreshNow()
    expect(svc.stats().requests).toBeGreaterThan(1)
    expect((await h.core.getWatchlist()).every((r) => r.error === null)).toBe(true)
  })
})
