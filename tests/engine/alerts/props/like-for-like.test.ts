// Property test of like-for-like changes (fast-check) in a world whose truth is known: every part
// of a symbol moves at one steady daily rate, so the true change of any set of parts over a window
// is (1 + rate)^days − 1. Issuers vanish and come back at random polls, polls come minutes to two
// days apart, and the service's history follows the issuers or still counts the missing ones.
// Whatever the pattern, the engine's figure for a window is the window's true change — never the
// change since the last complete reading — and it fires only when that true change breaches.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AlertRule } from '../../../../src/shared/alert-rules'
import { freshState } from '../../../../src/main/engine/alerts/engine-state'
import { evaluateCycle } from '../../../../src/main/engine/alerts/evaluate'
import { detail, good, rule } from '../helpers'

const DAY_MS = 86_400_000
const START = Date.parse('2025-03-03T12:00:00.000Z')
const RUNS = Number(process.env.LW_PROPERTY_RUNS ?? 200)
const PARTS = [
  ['Backed', 'ethereum'],
  ['Ondo', 'ethereum'],
  ['Ondo', 'solana'],
  ['Dinari', 'solana'],
] as const
const ISSUERS = ['Backed', 'Ondo', 'Dinari'] as const
const WINDOW_DAYS = { '7d': 7, '30d': 30 } as const

const world = fc.record({
  /** Daily rate of every part: −4 % … +4 % a day. */
  rate: fc.double({ min: -0.04, max: 0.04, noNaN: true }),
  sizes: fc.tuple(...PARTS.map(() => fc.integer({ min: 1_000, max: 50_000_000 }))),
  rules: fc.array(
    fc.record({
      window: fc.constantFrom('7d' as const, '30d' as const),
      direction: fc.constantFrom('down' as const, 'up' as const),
      thresholdPct: fc.double({ min: 1, max: 40, noNaN: true }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  // Under 30 days in all: a part missing longer is forgotten (it left for good).
  polls: fc.array(
    fc.record({
      gapMin: fc.integer({ min: 5, max: 2 * 24 * 60 }),
      missing: fc.subarray([...ISSUERS], { maxLength: 2 }),
      historyCountsMissing: fc.boolean(),
    }),
    { minLength: 1, maxLength: 14 },
  ),
})

describe('like-for-like properties', () => {
  it("a window's like-for-like change is its true change, however long parts are missing", () => {
    let judgedWithout = 0
    fc.assert(
      fc.property(world, (w) => {
        const rules: AlertRule[] = w.rules.map((c, i) =>
          rule({ id: `r${i}`, pendingCycles: 1, condition: { kind: 'tvl-change', ...c } }),
        )
        const growth = (days: number): number => (1 + w.rate) ** days
        let state = freshState()
        let nowMs = START
        const polls = [
          { gapMin: 0, missing: [] as string[], historyCountsMissing: false },
          ...w.polls,
        ]
        for (const p of polls) {
          nowMs += p.gapMin * 60_000
          const t = (nowMs - START) / DAY_MS
          const issuers: Record<string, Record<string, number>> = {}
          let missingTvl = 0
          PARTS.forEach(([issuer, network], i) => {
            const tvl = w.sizes[i]! * growth(t)
            if (p.missing.includes(issuer)) missingTvl += tvl
            else (issuers[issuer] ??= {})[network] = tvl
          })
          const present = Object.values(issuers).flatMap((n) => Object.values(n))
          const total = present.reduce((a, b) => a + b, 0)
          const counted = total + (p.historyCountsMissing ? missingTvl : 0)
          const d = detail('TSLA', {
            issuers,
            start7d: counted / growth(7),
            start30d: counted / growth(30),
          })
          const r = evaluateCycle({
            now: new Date(nowMs),
            rules,
            watchlist: ['TSLA'],
            observations: new Map([['TSLA', good(d)]]),
            prefs: {
              notificationsEnabled: true,
              quietHours: { enabled: false, start: '22:00', end: '07:00' },
              pausedUntil: null,
              notifyUnverified: false,
            },
            state,
          })
          state = r.state
          if (p.missing.length > 0) judgedWithout++
          for (const [i, c] of w.rules.entries()) {
            const truth = (growth(WINDOW_DAYS[c.window]) - 1) * 100
            const instance = r.instances.find((x) => x.ruleId === `r${i}`)!
            const where = `${c.window} at day ${t.toFixed(2)}, missing ${p.missing.join(',')}: ${instance.detail}`
            expect(instance.state, where).not.toBe('nodata')
            expect(instance.lastValue, where).toBeCloseTo(truth, 6)
            const breach = (c.direction === 'down' ? -truth : truth) >= c.thresholdPct
            const fired = r.events.some((e) => e.ruleId === `r${i}` && e.type === 'fired')
            if (fired) expect(breach, `fired without a true breach: ${where}`).toBe(true)
          }
        }
      }),
      { numRuns: RUNS },
    )
    expect(judgedWithout).toBeGreaterThan(RUNS)
  })
})
