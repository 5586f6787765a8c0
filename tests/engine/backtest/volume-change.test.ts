// The volume-change kind backtested on a daily series with known volume drops: each day's volume
// against the average of the baselineDays days before it, confirmed over pendingCycles days.
import { describe, expect, it } from 'vitest'
import { backtestSymbol } from '../../../src/main/engine/backtest/backtest-symbol'
import { describeCondition } from '../../../src/main/engine/backtest/describe'
import type { SeriesPoint } from '../../../src/shared/liquidity-schemas'
import { dateOf, rule } from './series'

/** Volume 1000 a day, `low` on the days in [from, to) (indexes); TVL flat. */
function volumes(n: number, drops: { from: number; to: number; low: number }[]): SeriesPoint[] {
  return Array.from({ length: n }, (_, i) => ({
    date: dateOf(i),
    tvl: 1_000_000,
    volume: drops.find((d) => i >= d.from && i < d.to)?.low ?? 1000,
  }))
}

const dryingUp = rule({
  condition: { kind: 'volume-change', direction: 'down', thresholdPct: 50, baselineDays: 10 },
})

describe('volume-change on the daily series', () => {
  it('a 60 % volume drop fires on its 2nd day and ends the day the volume is back', () => {
    // Days 20–24 trade 400 against an average of 1000 (−60 %); by day 24 the average has taken in
    // four low days (760): −47.4 %, back past the threshold by the 2-point re-arm margin, so the
    // episode ends that day.
    const r = backtestSymbol(dryingUp, 'TSLA', volumes(40, [{ from: 20, to: 25, low: 400 }]), 40)
    expect(r).toMatchObject({ tested: true, note: null })
    expect(r.episodes.map(({ start, end }) => ({ start, end }))).toEqual([
      { start: dateOf(21), end: dateOf(24) },
    ])
    expect(r.episodes[0]!.worstPct).toBeCloseTo(-60, 9)
  })

  it('two known drops are two episodes; a small dip and the first days without a baseline are not', () => {
    const series = volumes(60, [
      { from: 3, to: 6, low: 100 }, // before 5 days of baseline: not judged
      { from: 15, to: 18, low: 300 },
      { from: 30, to: 31, low: 200 }, // one day only: pending 2 never confirms
      { from: 40, to: 43, low: 700 }, // −30 %: under the threshold
      { from: 50, to: 53, low: 100 },
    ])
    const r = backtestSymbol(dryingUp, 'TSLA', series, 60)
    expect(r.episodes.map((e) => e.start)).toEqual([dateOf(16), dateOf(51)])
    // Each against the average as it stood: day 15's takes in day 5's 100 (910: −67.0 %), day 16's
    // is 930 (−67.7 %, the worst); day 50's takes in the 700s of days 40–42 (910: −89.0 %).
    expect(r.episodes.map((e) => Math.round(e.worstPct * 10) / 10)).toEqual([-67.7, -89])
  })

  it('a rise rule fires on a volume spike; the test names what it tested', () => {
    const spike = rule({
      condition: { kind: 'volume-change', direction: 'up', thresholdPct: 100, baselineDays: 10 },
      pendingCycles: 1,
    })
    const r = backtestSymbol(spike, 'TSLA', volumes(30, [{ from: 20, to: 21, low: 3000 }]), 30)
    expect(r.episodes.map(({ start, end }) => ({ start, end }))).toEqual([
      { start: dateOf(20), end: dateOf(21) },
    ])
    expect(describeCondition(dryingUp)).toBe(
      'daily trading volume drop of 50.0 % or more against its 10-day average, on 2 days in a row; ends once back by 2 points',
    )
  })

  it('a series shorter than half the baseline says how many days to ask for', () => {
    const r = backtestSymbol(dryingUp, 'TSLA', volumes(5, []), 5)
    expect(r).toMatchObject({ tested: false, why: 'too few days asked for' })
    expect(r.note).toBe(
      '5 days of history is too short for this condition: ask for at least 6 (--days 6 or more).',
    )
  })
})
