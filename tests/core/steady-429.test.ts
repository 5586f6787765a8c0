// A service that answers 429 without Retry-After to every request (U2): every request, and the poll
// as a whole, has a bounded total wait; past it the poll ends with "rate-limited until HH:MM" instead
// of waiting at the rate gate for ever (each new 429 extends the hold, waiting uses no attempt).
import { afterEach, describe, expect, it } from 'vitest'
import { liveHarness, MIN, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

const WATCH = ['TSLA', 'NVDA', 'AAPL', 'MSFT', 'GOOGL', 'AMZN', 'META', 'GOLD']

/**
 * Runs one refresh to its end; the fake clock jumps only to the next timer, and only while nothing
 * but a timer can make progress (real HTTP exchanges finish first). Returns the clock time it took.
 */
async function timedRefresh(harness: Harness, limitMs: number): Promise<number> {
  const { clock } = harness
  const start = clock.now()
  let done = false
  const p = harness.core.refreshNow().finally(() => (done = true))
  while (!done && clock.now() - start < limitMs) {
    const next = clock.pending()[0]
    if (next === undefined) await new Promise((r) => setTimeout(r, 5))
    else await clock.advance(Math.max(0, next - clock.now()))
  }
  expect(done).toBe(true)
  await p
  return clock.now() - start
}

describe('steady 429 without Retry-After (live service over HTTP, fake clock)', () => {
  it('a desktop poll ends within its interval, says until when, and sends a bounded number of requests', async () => {
    h = await liveHarness({
      settings: { watchlist: WATCH, intervalMinutes: 5 },
      // The app's own retry policy: several attempts, waits at the gate.
      deps: { client: { timeoutMs: 3_000 } },
    })
    h.service.faults.inject({ kind: 'status', status: 429 })
    const took = await timedRefresh(h, 60 * MIN)
    expect(took).toBeLessThanOrEqual(5 * MIN + 1_000)
    const rows = await h.core.getWatchlist()
    for (const r of rows) {
      expect(r.error).toMatchObject({ kind: 'rate-limited' })
      expect(r.error!.message).toMatch(/rate-limited until \d\d:\d\d/)
    }
    const asked = h.service.requestLog().filter((x) => x.path.startsWith('/api/')).length
    // At most the default four attempts per request of the poll (8 assets, 2 analytics).
    expect(asked).toBeLessThanOrEqual((WATCH.length + 2) * 4)
  })

  it('with a small poll budget (the CLI’s) the poll gives up within it', async () => {
    h = await liveHarness({
      settings: { watchlist: WATCH, intervalMinutes: 60 },
      deps: { client: { timeoutMs: 3_000 }, pollWaitBudgetMs: 20_000 },
    })
    h.service.faults.inject({ kind: 'status', status: 429 })
    const took = await timedRefresh(h, 60 * MIN)
    expect(took).toBeLessThanOrEqual(21_000)
    const rows = await h.core.getWatchlist()
    expect(rows.every((r) => r.error?.kind === 'rate-limited')).toBe(true)
  })
})
