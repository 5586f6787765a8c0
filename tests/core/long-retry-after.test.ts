// A Retry-After beyond the one-hour cap does not black out monitoring for an hour: it holds the
// rest of that poll only ("try again next poll"), is not kept across runs, and the next poll asks.
import { afterEach, describe, expect, it } from 'vitest'
import { liveHarness, MIN, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

describe('a Retry-After longer than an hour', () => {
  it('holds the rest of this poll only; the next poll tries again', async () => {
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
    // The answer itself, and the requests held behind it, say when it will be tried again.
    const rows = await h.core.getWatchlist()
    for (const r of rows) expect(r.error!.message).toMatch(/more than an hour.*next/i)
    expect(rows[1]!.error).toMatchObject({ kind: 'rate-limited' })
    // Not an hour's blackout: the next poll (one interval on) asks again and gets through.
    h.clock.jump(5 * MIN)
    await h.core.refreshNow()
    expect(svc.stats().requests).toBeGreaterThan(1)
    expect((await h.core.getWatchlist()).every((r) => r.error === null)).toBe(true)
  })
})
