// Properties of the backtest over arbitrary daily series and rules (fast-check): episodes never
// overlap and come in order, each starts only after the rule's pending days of breach, each ends on
// the first day the value clears by the re-arm margin, the worst figure is the worst day of its breaching run and of the days it stayed open,
// and — the semantics in one line — the episodes are exactly what the live alert engine (measure()
// and step(), fed one reading a day built from the series) fires and resolves.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { backtestSymbol } from '../../../../src/main/engine/backtest/backtest-symbol'
import { measure } from '../../../../src/main/engine/alerts/measure/measure'
import { liveTargets } from '../../../../src/main/engine/alerts/rules'
import { step } from '../../../../src/main/engine/alerts/transition/transitions'
import {
  defaultRules,
  type AlertCondition,
  type AlertRule,
} from '../../../../src/shared/alert-rules'
import type { BacktestEpisode } from '../../../../src/shared/backtest'
import { detail } from '../../alerts/helpers'
import { daily } from '../series'
import type { InstanceRecord } from '../../../../src/main/engine/alerts/model'

const RUNS = Number(process.env.LW_PROPERTY_RUNS ?? 200)

const condition: fc.Arbitrary<AlertCondition> = fc.oneof(
  fc.record({
    kind: fc.constant('tvl-change' as const),
    window: fc.constantFrom('7d' as const, '30d' as const),
    direction: fc.constantFrom('down' as const, 'up' as const),
    thresholdPct: fc.constantFrom(3, 5, 10, 25),
  }),
  fc.record({ kind: fc.constant('tvl-below' as const), amount: fc.constantFrom(800, 1000) }),
)

const ruleArb = fc.record({
  condition,
  pendingCycles: fc.integer({ min: 1, max: 4 }),
  rearmMarginPct: fc.constantFrom(0, 1, 2, 5),
})

/** A random walk of daily moves (whole dollars, so the live engine's detail schema accepts it). */
const seriesArb = fc
  .array(
    fc.oneof(
      fc.double({ min: -0.12, max: 0.12, noNaN: true }),
      // Jumps there and back: breaches that come and go, re-arm bands crossed both ways.
      fc.constantFrom(-0.2, -0.1, 0, 0, 0.1, 0.2),
    ),
    { minLength: 1, maxLength: 120 },
  )
  .map((moves) => {
    let v = 1000
    return moves.map((m) => (v = Math.max(1, Math.round(v * (1 + m)))))
  })

function fullRule(r: Omit<AlertRule, 'overrides' | 'id' | 'name' | 'scope'> | object): AlertRule {
  return { ...defaultRules()[0]!, ...r, scope: { kind: 'symbols', symbols: ['TSLA'] } }
}

/** The live engine, one trusted reading a day: its fired and resolved days as episodes' bounds. */
function liveEngine(rule: AlertRule, tvl: number[]): { start: string; end: string | null }[] {
  const s = daily(tvl)
  const windowOf = (c: AlertCondition): number =>
    c.kind === 'tvl-change' ? (c.window === '7d' ? 7 : 30) : 0
  const n = windowOf(rule.condition)
  const t = liveTargets([rule], [], new Date(0))[0]!
  let rec: InstanceRecord | undefined
  const out: { start: string; end: string | null }[] = []
  for (let i = 0; i < s.length; i++) {
    if (n > 0 && i < n) continue // no start of window: no verdict, nothing moves
    const start = n > 0 ? tvl[i - n]! : tvl[i]!
    const d = detail('TSLA', { tvl: tvl[i]!, start7d: start, start30d: start })
    const m = measure(
      'TSLA',
      { kind: 'good', detail: d, lfl: null },
      t.condition,
      rule.rearmMarginPct,
    )
    const r = step(rec, t, m, new Date(`${s[i]!.date}T12:00:00Z`))
    rec = r.record
    for (const e of r.drafts) {
      if (e.type === 'fired') out.push({ start: s[i]!.date, end: null })
      if (e.type === 'resolved') out.at(-1)!.end = s[i]!.date
    }
  }
  return out
}

describe('backtest properties', () => {
  it('episodes are exactly what the live engine fires and resolves, one reading a day', () => {
    fc.assert(
      fc.property(ruleArb, seriesArb, (r, tvl) => {
        const rule = fullRule(r)
        const got = backtestSymbol(rule, 'TSLA', daily(tvl), tvl.length)
        const bounds = got.episodes.map(({ start, end }) => ({ start, end }))
        expect(bounds).toEqual(liveEngine(rule, tvl))
      }),
      { numRuns: RUNS },
    )
  })

  it('no overlap; each starts after its pending days of breach and ends on the first clear day', () => {
    fc.assert(
      fc.property(ruleArb, seriesArb, (r, tvl) => {
        const rule = fullRule(r)
        const s = daily(tvl)
        const idx = new Map(s.map((p, i) => [p.date, i]))
        const eps: BacktestEpisode[] = backtestSymbol(rule, 'TSLA', s, tvl.length).episodes
        const c = rule.condition
        const n = c.kind === 'tvl-change' ? (c.window === '7d' ? 7 : 30) : 0
        // Independent arithmetic: the day's figure in percent and how far in the rule's direction.
        const day = (i: number): { pct: number; move: number; thr: number } | null => {
          if (c.kind === 'tvl-change') {
            if (i < n) return null
            // (a − b) / b, as the live engine computes it (b / a − 1 rounds differently at the
            // threshold: 900 / 1000 − 1 is −9.999…98 %).
            const pct = ((tvl[i]! - tvl[i - n]!) / tvl[i - n]!) * 100
            return { pct, move: c.direction === 'down' ? -pct : pct, thr: c.thresholdPct }
          }
          if (c.kind !== 'tvl-below') throw new Error('unexpected kind')
          const pct = (tvl[i]! / c.amount - 1) * 100
          return { pct, move: -pct, thr: 0 }
        }
        const breach = (i: number): boolean =>
          c.kind === 'tvl-below' ? tvl[i]! < c.amount : day(i)!.move >= day(i)!.thr
        const clear = (i: number): boolean =>
          c.kind === 'tvl-below'
            ? tvl[i]! >= c.amount * (1 + rule.rearmMarginPct / 100)
            : !breach(i) && day(i)!.move <= day(i)!.thr - rule.rearmMarginPct
        let prevEnd = -1
        eps.forEach((e, k) => {
          const a = idx.get(e.start)!
          expect(a).toBeGreaterThan(prevEnd) // after the previous one ended
          for (let j = a - rule.pendingCycles + 1; j <= a; j++) {
            expect(j).toBeGreaterThanOrEqual(n)
            expect(breach(j)).toBe(true)
          }
          const b = e.end === null ? s.length : idx.get(e.end)!
          if (e.end === null) expect(k).toBe(eps.length - 1)
          else expect(clear(b)).toBe(true)
          for (let j = a; j < b; j++) expect(clear(j)).toBe(false)
          // Worst over the breaching run that fired (its pending days) and the days it stayed open.
          const from = a - rule.pendingCycles + 1
          const worst = Math.max(...Array.from({ length: b - from }, (_, j) => day(from + j)!.move))
          const up = c.kind === 'tvl-change' && c.direction === 'up'
          expect(up ? e.worstPct : -e.worstPct).toBeCloseTo(worst, 6)
          prevEnd = b
        })
      }),
      { numRuns: RUNS },
    )
  })
})
