// The per-origin rate gate, over real HTTP against the local service's status faults: a 429/503
// with Retry-After (or a 429 without) holds every request to that origin, from every client sharing
// the registry; waits are clamped to 1 s – 1 h, jittered, and never overflow a timer.
import { afterEach, describe, expect, it } from 'vitest'
import {
  LiquidityClient,
  type LiquidityClientOptions,
} from '../../src/main/client/liquidity-client'
import { clockTime } from '../../src/main/client/errors-map'
import { systemUtcOffset, zoneName } from '../../src/shared/local-time'
import { RateGates } from '../../src/main/client/rate-gate'
import { clockSleep } from '../../src/main/core/connection'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { FakeClock, settle } from '../engine/scheduler/fake-clock'
import { recordWarnings, until } from './helpers/wait'

let service: LocalService | undefined
const clients: LiquidityClient[] = []
afterEach(async () => {
  clients.splice(0).forEach((c) => c.close())
  await service?.close()
  service = undefined
})

async function serve(): Promise<LocalService> {
  service = await startLocalService()
  return service
}

/** A client whose waits run on a fake clock (as the app's do on its injected clock). */
function clockedClient(s: LocalService, clock: FakeClock, o: Partial<LiquidityClientOptions> = {}) {
  const c = new LiquidityClient({
    baseUrl: s.url,
    apiKey: () => s.apiKey,
    sleep: clockSleep(clock),
    now: () => clock.now(),
    ...o,
  })
  clients.push(c)
  return c
}

function plainClient(s: LocalService, o: Partial<LiquidityClientOptions> = {}) {
  const c = new LiquidityClient({ baseUrl: s.url, apiKey: () => s.apiKey, ...o })
  clients.push(c)
  return c
}

describe('one hold per origin', () => {
  it.each([429, 503] as const)(
    'a %i with Retry-After holds the other requests of the same poll until it expires, each woken at its own time',
    async (status) => {
      const s = await serve()
      const clock = new FakeClock()
      // One slot: the rest of the poll is queued behind the request that meets the 429.
      const client = clockedClient(s, clock, { concurrency: 1 })
      s.faults.inject({ kind: 'status', status, retryAfter: 30, times: 1, match: 'asset' })
      let settled = 0
      const poll = ['TSLA', 'NVDA', 'AAPL', 'MSFT', 'GOOGL'].map((sym) =>
        client.getAsset(sym).finally(() => settled++),
      )
      // Every request (the one that met the 429 and the four queued) waits on the clock.
      await until(() => clock.pending().length === 5 || settled > 0)
      expect(settled).toBe(0)
      expect(s.stats().requests).toBe(1)
      const wakeAt = clock.pending()
      expect(Math.min(...wakeAt)).toBeGreaterThanOrEqual(clock.now() + 30_000)
      expect(new Set(wakeAt).size).toBeGreaterThan(1) // jittered, not all at one instant
      await clock.advance(60_000)
      const details = await Promise.all(poll)
      expect(details.map((d) => d.symbol)).toEqual(['TSLA', 'NVDA', 'AAPL', 'MSFT', 'GOOGL'])
      expect(s.stats().requests).toBe(6)
    },
  )

  it('a 429 without Retry-After still holds the origin, for a computed back-off of at least 1 s', async () => {
    const s = await serve()
    const clock = new FakeClock()
    const client = clockedClient(s, clock, { concurrency: 1 })
    s.faults.inject({ kind: 'status', status: 429, times: 1, match: 'asset' })
    const poll = [client.getAsset('TSLA'), client.getAsset('NVDA'), client.getAsset('AAPL')]
    await until(() => clock.pending().length === 3 || s.stats().requests > 1)
    expect(s.stats().requests).toBe(1)
    expect(Math.min(...clock.pending())).toBeGreaterThanOrEqual(clock.now() + 1_000)
    await clock.advance(120_000)
    await Promise.all(poll)
    expect(s.stats().requests).toBe(4)
  })

  it('a second client sharing the registry (as Test connection does the core’s) is held too, and fails fast naming the time', async () => {
    const s = await serve()
    s.faults.inject({ kind: 'status', status: 429, retryAfter: 600, times: 1 })
    const rateGates = new RateGates()
    const before = Date.now()
    const first = await plainClient(s, { rateGates })
      .getAsset('TSLA')
      .catch((e: unknown) => e)
    const after = Date.now()
    expect(first).toMatchObject({ kind: 'rate-limited', status: 429 })
    // A fresh client with default options, like the one Test connection makes.
    const second = await plainClient(s, { retry: { maxAttempts: 1 }, rateGates })
      .getAnalytics({ groupBy: 'total', days: 1 })
      .catch((e: unknown) => e as Error & { retryAfterMs?: number })
    expect(s.stats().requests).toBe(1)
    expect(second).toMatchObject({ kind: 'rate-limited' })
    // The local time, with its zone.
    const zone = zoneName(new Date(before + 600_000), systemUtcOffset)
    const times = new Set(
      [clockTime(before + 600_000), clockTime(after + 600_000)].map((t) => `${t} ${zone}`),
    )
    const message = (second as Error).message
    expect(
      [...times].some(
        (t) =>
          message ===
          `The service asked Liquidity Watch to slow down (429); it is rate-limited until ${t}. Liquidity Watch will try again then.`,
      ),
    ).toBe(true)
    const left = (second as { retryAfterMs: number }).retryAfterMs
    expect(left).toBeGreaterThan(600_000 - (Date.now() - before) - 1)
    expect(left).toBeLessThanOrEqual(600_000)
  })
})

describe('Retry-After is clamped and never overflows a timer', () => {
  it('Retry-After: 0 → at least 1 s between attempts', async () => {
    const s = await serve()
    const clock = new FakeClock()
    const client = clockedClient(s, clock)
    s.faults.inject({ kind: 'status', status: 429, retryAfter: 0, times: 3 })
    const p = client.getAsset('TSLA')
    for (let attempt = 1; attempt <= 3; attempt++) {
      await until(() => clock.pending().length === 1)
      expect(s.stats().requests).toBe(attempt)
      const wait = clock.pending()[0]! - clock.now()
      expect(wait).toBeGreaterThanOrEqual(1_000)
      await clock.advance(wait - 1)
      expect(s.stats().requests).toBe(attempt) // not a millisecond early
      await clock.advance(1)
    }
    await expect(p).resolves.toMatchObject({ symbol: 'TSLA' })
    expect(s.stats().requests).toBe(4)
  })

  it('Retry-After: 10^12 s → one request, held for the clamped hour (fail fast, hold-off ≤ 1 h), no TimeoutOverflowWarning', async () => {
    const warnings = recordWarnings(['TimeoutOverflowWarning'])
    try {
      const s = await serve()
      s.faults.inject({ kind: 'status', status: 429, retryAfter: 10 ** 12 })
      const client = plainClient(s) // real sleep and real timers
      const e1 = await client.getAsset('TSLA').catch((e: unknown) => e)
      const e2 = await client.getAsset('NVDA').catch((e: unknown) => e)
      await settle()
      expect(s.stats().requests).toBe(1)
      for (const e of [e1, e2]) {
        expect(e).toMatchObject({ kind: 'rate-limited' })
        expect((e as Error).message).toMatch(/rate-limited until \d\d:\d\d/)
        // Longer than the cap is held for the cap (README: clamped to 1 s – 1 h), not dropped.
        const hold = (e as { retryAfterMs?: number }).retryAfterMs
        expect(hold).toBeGreaterThan(59 * 60_000)
        expect(hold).toBeLessThanOrEqual(60 * 60_000)
      }
      expect(warnings.seen).toEqual([])
    } finally {
      warnings.stop()
    }
  })

  it('an HTTP-date far in the future is held for the clamped hour as well', async () => {
    const s = await serve()
    const clock = new FakeClock()
    s.faults.inject({ kind: 'status', status: 503, retryAfter: 'Fri, 01 Jan 2100 00:00:00 GMT' })
    const e = await clockedClient(s, clock)
      .getAsset('TSLA')
      .catch((err: unknown) => err)
    expect(e).toMatchObject({ status: 503, retryAfterMs: 60 * 60_000 })
    expect(clock.pending()).toEqual([])
    expect(s.stats().requests).toBe(1)
  })
})

describe('a bounded total wait per request', () => {
  it('under a steady 429 without Retry-After, parallel requests fail within their wait budget, naming until when', async () => {
    const s = await serve()
    const clock = new FakeClock()
    const client = clockedClient(s, clock, { retry: { maxAttempts: 50, waitBudgetMs: 30_000 } })
    s.faults.inject({ kind: 'status', status: 429 })
    const start = clock.now()
    let settled = 0
    const calls = ['TSLA', 'NVDA', 'AAPL'].map((sym) =>
      client
        .getAsset(sym)
        .catch((e: unknown) => e)
        .finally(() => settled++),
    )
    // Each new 429 extends the hold; waiting at the gate uses up no attempt. Only the budget ends it.
    while (settled < 3 && clock.now() - start < 60 * 60_000) {
      await settle()
      const next = clock.pending()[0]
      if (next !== undefined) await clock.advance(Math.max(0, next - clock.now()))
    }
    expect(settled).toBe(3)
    expect(clock.now() - start).toBeLessThanOrEqual(30_000)
    for (const e of await Promise.all(calls)) {
      expect(e).toMatchObject({ kind: 'rate-limited' })
      expect((e as Error).message).toMatch(/rate-limited until \d\d:\d\d/)
    }
  })

  it('a caller’s deadline (a poll’s) ends the waits sooner than the request’s own budget', async () => {
    const s = await serve()
    const clock = new FakeClock()
    const client = clockedClient(s, clock)
    s.faults.inject({ kind: 'status', status: 429, retryAfter: 20 })
    const start = clock.now()
    const e = await client
      .getAsset('TSLA', { deadline: start + 10_000 })
      .catch((err: unknown) => err)
    expect(e).toMatchObject({ kind: 'rate-limited' })
    expect(clock.now()).toBe(start)
    expect(s.stats().requests).toBe(1)
  })
})
