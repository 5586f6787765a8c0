// "Test on last year" through the facade the IPC handler and the CLI call: the local service over
// real HTTP with a known-drops history, so the episodes are known in advance (computed by hand
// below for the default rule: 7-day drop ≥ 10 %, 2 days pending, re-arm 2 points).
import { afterEach, describe, expect, it } from 'vitest'
import { defaultRules, type AlertRule } from '../../src/shared/alert-rules'
import { LiquidityError } from '../../src/shared/errors'
import type { LocalService } from '../../src/dev-service/server'
import { scriptKnownYear } from '../service/known-year'
import { liveHarness, type Harness } from './helpers'

// The harness clock: 2025-06-02 12:00 UTC, so the 365-day series runs 2024-06-03 … 2025-06-02, and
// the known year's TSLA drops bottom out on 03-10, 05-01 and 05-31 (tests/service/known-year.ts).
let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

/** The analytics requests the service saw, their query read into fields. */
function analyticsAsked(svc: LocalService): Record<string, string>[] {
  return svc
    .requestLog()
    .filter((q) => q.path.endsWith('/analytics'))
    .map((q) => Object.fromEntries(new URLSearchParams(q.query)))
}

function rule(symbols: string[], over: Partial<AlertRule> = {}): AlertRule {
  return { ...defaultRules()[0]!, scope: { kind: 'symbols', symbols }, ...over }
}

describe('backtestRule', () => {
  it('finds the known drops on TSLA (dates and depths), none on a flat NVDA, says what it cannot test', async () => {
    h = await liveHarness()
    scriptKnownYear(h.service, h.clock.now())
    const r = await h.core.backtestRule(rule(['TSLA', 'NVDA', 'GOLD', 'NOPE']))
    const tsla = r.results.find((x) => x.symbol === 'TSLA')!
    // Drop 1: 03-10 −30 % (pending), 03-11 −28.5 % fires; 03-17 compares 80.5 % with 03-10's 70 %:
    // a rise, so it clears. Drop 2: 04-30 −12 % (pending), 05-01 −18 % fires, 05-02 −12 %, 05-03
    // −6 % is 2 points clear of 10 %: ends. Drop 3: 05-31 −25 %, 06-01 −24.2 % fires, still open.
    expect(tsla.episodes.map((e) => [e.start, e.end])).toEqual([
      ['2025-03-11', '2025-03-17'],
      ['2025-05-01', '2025-05-03'],
      ['2025-06-01', null],
    ])
    const worst = tsla.episodes.map((e) => e.worstPct)
    expect(worst[0]).toBeCloseTo(-30, 2)
    expect(worst[1]).toBeCloseTo(-18, 2)
    expect(worst[2]).toBeCloseTo(-25, 2)
    expect(tsla).toMatchObject({ tested: true, note: null, from: '2024-06-03', to: '2025-06-02' })
    expect(r.series.TSLA).toHaveLength(365)
    expect(r.results.find((x) => x.symbol === 'NVDA')).toMatchObject({ tested: true, episodes: [] })
    // GOLD is a commodity: found under its own type though nothing was cached about it yet.
    expect(r.results.find((x) => x.symbol === 'GOLD')).toMatchObject({ tested: true })
    const nope = r.results.find((x) => x.symbol === 'NOPE')!
    expect(nope).toMatchObject({ tested: false, episodes: [] })
    expect(nope.note).toMatch(/NOPE/)
    expect(r).toMatchObject({ days: 365, fetchedAt: h.clock.date().toISOString() })
    expect(r.tested).toBe(
      '7-day TVL drop of 10.0 % or more, on 2 days in a row; ends once back by 2 points',
    )
    // One request per symbol (two for GOLD, whose type was unknown), all with days=365.
    const asked = analyticsAsked(h.service)
    expect(asked.every((q) => q.days === '365' && q.groupBy === 'stock')).toBe(true)
    expect(asked.map((q) => q.symbol).sort()).toEqual(['GOLD', 'GOLD', 'NOPE', 'NVDA', 'TSLA'])
  })

  it('a large scope takes the bulk requests (one per asset type) and gets the same episodes', async () => {
    h = await liveHarness()
    scriptKnownYear(h.service, h.clock.now())
    const symbols = ['TSLA', 'NVDA', 'AAPL', 'MSFT', 'GOLD', 'NOPE']
    const r = await h.core.backtestRule(rule(symbols))
    const asked = analyticsAsked(h.service)
    expect(asked.map((q) => [q.assetType, q.symbol, q.days])).toEqual([
      ['commodity', undefined, '365'],
      ['stock', undefined, '365'],
    ])
    expect(r.results.map((x) => x.symbol)).toEqual(symbols)
    expect(r.results[0]!.episodes.map((e) => e.start)).toEqual([
      '2025-03-11',
      '2025-05-01',
      '2025-06-01',
    ])
    expect(r.results.at(-1)).toMatchObject({
      tested: false,
      note: 'The service has no daily TVL series for NOPE.',
    })
  })

  it('the watchlist scope, a per-symbol override, and a condition the series cannot answer', async () => {
    h = await liveHarness({ settings: { watchlist: ['TSLA', 'NVDA'] } })
    scriptKnownYear(h.service, h.clock.now())
    const own = rule([], { scope: { kind: 'watchlist' }, overrides: { TSLA: { threshold: 28 } } })
    const r = await h.core.backtestRule(own)
    expect(r.results.map((x) => x.symbol)).toEqual(['TSLA', 'NVDA'])
    // At 28 % only the first drop counts: −30 % then −28.5 %.
    expect(r.results[0]!.episodes.map((e) => e.start)).toEqual(['2025-03-11'])
    const before = h.service.requestLog().length
    const conc = rule(['TSLA'], {
      condition: { kind: 'concentration', by: 'issuer', maxSharePct: 50 },
    })
    const err = await h.core.backtestRule(conc).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(LiquidityError)
    expect((err as LiquidityError).message).toMatch(
      /^A "concentration" condition cannot be tested on the service's daily series because/,
    )
    // Nothing was asked of the service for it.
    expect(h.service.requestLog().length).toBe(before)
  })

  it('the service refusing the key is an error in plain words, not "never fired"', async () => {
    h = await liveHarness({ key: 'sk-wrong-key-0123456789' })
    const err = await h.core.backtestRule(rule(['TSLA'])).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(LiquidityError)
    expect((err as LiquidityError).kind).toBe('auth')
  })
})
