// Golden cases computed by hand: the default 7-day drop rule (10 %, 2 days pending, re-arm 2 points)
// and TVL floors over short daily series, one evaluation per day.
import { describe, expect, it } from 'vitest'
import { backtestSymbol } from '../../../src/main/engine/backtest/backtest-symbol'
import { untestableCondition } from '../../../src/main/engine/backtest/run-backtest'
import type { AlertCondition } from '../../../src/shared/alert-rules'
import { daily, dateOf, rule } from './series'

/** Flat at 100, then `after` from day `from` on (an index), for `n` days. */
function step(n: number, from: number, after: number[]): number[] {
  return Array.from({ length: n }, (_, i) => (i < from ? 100 : (after[i - from] ?? after.at(-1)!)))
}

describe('backtest of one symbol: golden cases', () => {
  it('a 12 % then 15 % drop fires on its 2nd breaching day and ends when the window has passed it', () => {
    // Day 9 (01-10) drops to 88: −12 % against day 2; day 10 confirms (pending 2) → fires 01-11.
    // Day 12 falls to 85: −15 % against day 5. Day 16 (01-17) compares 85 with day 9's 88: −3.4 %,
    // 8 points or more below the threshold → cleared that day.
    const tvl = step(25, 9, [88, 88, 88, 85])
    const r = backtestSymbol(rule(), 'TSLA', daily(tvl), 25)
    expect(r).toMatchObject({ symbol: 'TSLA', tested: true, note: null })
    expect(r.episodes).toHaveLength(1)
    expect(r.episodes[0]!.start).toBe('2026-01-11')
    expect(r.episodes[0]!.end).toBe('2026-01-17')
    expect(r.episodes[0]!.worstPct).toBeCloseTo(-15, 9)
    expect(r.from).toBe('2026-01-01')
    expect(r.to).toBe(dateOf(24))
  })

  it('a drop of exactly the threshold fires, as the live engine judges it (one change formula)', () => {
    // 800 → 720 is −10 % exactly; as 720 / 800 − 1 it came out −9.999…98 % and never fired,
    // while the live engine, (720 − 800) / 800, fired (the property test's counterexample).
    for (const [from, to] of [
      [800, 720],
      [1000, 900],
    ] as const) {
      const tvl = [from, from, to, to, to, to, to, to, to, to]
      const once = backtestSymbol(rule({ pendingCycles: 1 }), 'TSLA', daily(tvl), tvl.length)
      expect(once.episodes.map((e) => e.start)).toEqual(['2026-01-08'])
      expect(once.episodes[0]!.worstPct).toBe(-10)
    }
  })

  it('one breaching day is not enough with pending 2; with pending 1 it is an episode of a day', () => {
    const tvl = step(20, 9, [85, 100])
    expect(backtestSymbol(rule(), 'NVDA', daily(tvl), 20).episodes).toEqual([])
    const once = backtestSymbol(rule({ pendingCycles: 1 }), 'NVDA', daily(tvl), 20)
    expect(once.episodes).toHaveLength(1)
    expect(once.episodes[0]).toMatchObject({ start: '2026-01-10', end: '2026-01-11' })
    expect(once.episodes[0]!.worstPct).toBeCloseTo(-15, 9)
    // Breaching days that are not consecutive never add up.
    const floor = rule({ condition: { kind: 'tvl-below', amount: 100 } })
    expect(backtestSymbol(floor, 'GOLD', daily([90, 110, 90, 110, 90]), 5).episodes).toEqual([])
  })

  it('the worst figure counts the pending days of the drop that fired', () => {
    // Day 9 falls to 80 (−20 %, pending), day 10 is back at 88 (−12 %, fires): worst −20 %.
    const r = backtestSymbol(rule(), 'TSLA', daily(step(20, 9, [80, 88])), 20)
    expect(r.episodes).toEqual([
      { start: '2026-01-11', end: expect.any(String), worstPct: expect.any(Number) },
    ])
    expect(r.episodes[0]!.worstPct).toBeCloseTo(-20, 9)
  })

  it('an episode still under way at the end of the series is open (end null)', () => {
    const r = backtestSymbol(rule(), 'TSLA', daily(step(13, 9, [80])), 13)
    expect(r.episodes).toEqual([{ start: '2026-01-11', end: null, worstPct: expect.any(Number) }])
    expect(r.episodes[0]!.worstPct).toBeCloseTo(-20, 9)
  })

  it('a floor: fires after 2 days below, stays open inside the re-arm band, ends 5 % above it', () => {
    const c: AlertCondition = { kind: 'tvl-below', amount: 100 }
    // 110 110 95 95(fires) 102(in the band: not clear) 99 90(worst) 106(clear ≥ 105)
    const tvl = [110, 110, 95, 95, 102, 99, 90, 106, 110]
    const r = backtestSymbol(rule({ condition: c, rearmMarginPct: 5 }), 'GOLD', daily(tvl), 9)
    expect(r.episodes).toHaveLength(1)
    expect(r.episodes[0]).toMatchObject({ start: dateOf(3), end: dateOf(7) })
    expect(r.episodes[0]!.worstPct).toBeCloseTo(-10, 9)
  })

  it('a 30-day rise reports the largest rise as its worst', () => {
    const c: AlertCondition = {
      kind: 'tvl-change',
      window: '30d',
      direction: 'up',
      thresholdPct: 20,
    }
    const tvl = step(40, 31, [125, 130, 126])
    const r = backtestSymbol(rule({ condition: c, pendingCycles: 1 }), 'AAPL', daily(tvl), 40)
    expect(r.episodes).toHaveLength(1)
    expect(r.episodes[0]).toMatchObject({ start: dateOf(31), end: null })
    expect(r.episodes[0]!.worstPct).toBeCloseTo(30, 9)
  })

  it("the symbol's override: its own threshold, or turned off", () => {
    const tvl = step(20, 9, [88])
    const lax = rule({ overrides: { TSLA: { threshold: 15 } } })
    expect(backtestSymbol(lax, 'TSLA', daily(tvl), 20)).toMatchObject({
      tested: true,
      episodes: [],
    })
    expect(backtestSymbol(lax, 'NVDA', daily(tvl), 20).episodes).toHaveLength(1)
    const off = backtestSymbol(
      rule({ overrides: { TSLA: { enabled: false } } }),
      'TSLA',
      daily(tvl),
      20,
    )
    expect(off).toMatchObject({ tested: false, episodes: [] })
    expect(off.note).toMatch(/turned off for TSLA/)
  })

  it('no series, a series too short for the window, and a shorter series than asked for', () => {
    expect(backtestSymbol(rule(), 'ZZZ', null, 365)).toMatchObject({
      tested: false,
      note: 'The service has no daily TVL series for ZZZ.',
    })
    const short = backtestSymbol(rule(), 'NEW', daily([100, 90, 80, 70, 60]), 365)
    expect(short.tested).toBe(false)
    expect(short.note).toBe(
      'The service has only 5 days of data for NEW (2026-01-01 to 2026-01-05); this condition needs at least 8.',
    )
    const part = backtestSymbol(rule(), 'NEW', daily(step(120, 200, [100])), 365)
    expect(part).toMatchObject({ tested: true, episodes: [] })
    expect(part.note).toBe(
      'Only 120 of the 365 days asked for are available for NEW (from 2026-01-01).',
    )
  })

  it('a day without the start of its window moves nothing (the pending count neither grows nor resets)', () => {
    // Day 8 is missing from the series: day 15 has no start 7 days before. Days 14 and 16 breach
    // against days 7 and 9; with pending 2 they confirm each other across the unjudged day.
    const tvl = step(20, 14, [80, 80, 80])
    const s = daily(tvl).filter((_, i) => i !== 8)
    const r = backtestSymbol(rule(), 'TSLA', s, 20)
    expect(r.episodes[0]?.start).toBe(dateOf(16))
  })
})

describe('conditions the daily series cannot answer', () => {
  it('concentration: a plain reason, never an answer', () => {
    const c: AlertCondition = { kind: 'concentration', by: 'issuer', maxSharePct: 60 }
    expect(untestableCondition(rule({ condition: c }))).toBe(
      'A "concentration" condition cannot be tested on the service\'s daily series because it needs each issuer’s or network’s share of TVL, and the daily series has only the total.',
    )
    const r = backtestSymbol(rule({ condition: c }), 'TSLA', daily(step(20, 9, [50])), 20)
    expect(r).toMatchObject({ tested: false, episodes: [] })
  })

  it('a kind added later falls into "cannot be tested" without a change here', () => {
    for (const kind of ['net-flow', 'pool-count', 'issuer-drop', 'something-new']) {
      const condition = { kind, thresholdPct: 5 } as unknown as AlertCondition
      const why = untestableCondition(rule({ condition }))
      expect(why).toMatch(
        new RegExp(
          `^A "${kind}" condition cannot be tested on the service's daily series because `,
        ),
      )
    }
    expect(untestableCondition(rule())).toBeNull()
  })
})
