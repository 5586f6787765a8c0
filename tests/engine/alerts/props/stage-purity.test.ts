// Property tests that each stage of the alerts pipeline is pure (fast-check): read → measure →
// transition → pace → decide, and the whole cycle. Over runs of cycles that reach every phase
// (pending, firing, owed, flapping, held for quiet hours or a pause), each stage is called on
// deep-frozen input (a write to it throws) twice: the two results are equal, and the input is
// structurally what it was before.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AlertRule } from '../../../../src/shared/alert-rules'
import type { SeriesPoint } from '../../../../src/shared/liquidity-schemas'
import { freshState } from '../../../../src/main/engine/alerts/engine-state'
import { evaluateCycle, type CycleInput } from '../../../../src/main/engine/alerts/evaluate'
import { candidatesOf, judge } from '../../../../src/main/engine/alerts/judge'
import { readAll } from '../../../../src/main/engine/alerts/read/read-all'
import { measure } from '../../../../src/main/engine/alerts/measure/measure'
import { step } from '../../../../src/main/engine/alerts/transition/transitions'
import { advance } from '../../../../src/main/engine/alerts/pace/advance'
import { decideNotifications } from '../../../../src/main/engine/alerts/decide/notify'
import { liveTargets } from '../../../../src/main/engine/alerts/rules'
import { instanceKey } from '../../../../src/main/engine/alerts/engine-state'
import type { Observation } from '../../../../src/main/engine/alerts/model'
import {
  SYMBOLS,
  buildDetail,
  dailySeriesArb,
  detailShape,
  observation,
  readingKind,
  ruleArb,
} from './arbitraries'

const START = Date.parse('2025-03-03T12:00:00.000Z')
const RUNS = Number(process.env.LW_PROPERTY_RUNS ?? 200)
const SEED = Number(process.env.LW_PROPERTY_SEED ?? 20261128)
const utc = () => 0

function deepFreeze<T>(v: T): T {
  if (v instanceof Map) for (const x of v.values()) deepFreeze(x)
  else if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v)
    for (const x of Object.values(v)) deepFreeze(x)
  }
  return v
}

/** A deep copy; functions (the time zone, the daily series) are kept as they are. */
function copy<T>(v: T): T {
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, copy(x)])) as T
  if (v instanceof Set) return new Set([...v].map(copy)) as T
  if (v instanceof Date) return new Date(v.getTime()) as T
  if (Array.isArray(v)) return v.map(copy) as T
  if (v === null || typeof v !== 'object') return v
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, copy(x)])) as T
}

/** Calls a stage twice on frozen input: same output, input unchanged. */
function pure<A extends unknown[], R>(name: string, f: (...a: A) => R, ...args: A): R {
  const before = copy(args)
  deepFreeze(args)
  const first = f(...args)
  expect(f(...args), `${name}: same input, same output`).toEqual(first)
  expect(args, `${name}: input unchanged`).toEqual(before)
  return first
}

const cycleArb = fc.record({
  advanceMin: fc.integer({ min: 1, max: 240 }),
  TSLA: fc.record({ kind: readingKind, shape: detailShape }),
  NVDA: fc.record({ kind: readingKind, shape: detailShape }),
  quiet: fc.boolean(),
  paused: fc.boolean(),
  notifyUnverified: fc.boolean(),
})

/** What the runs reached, so the properties are known to cover every stage's work. */
const reached = {
  measured: new Set<string>(),
  phases: new Set<string>(),
  decisions: new Set<string>(),
}

/** Every stage of one cycle on this input, each checked for purity. */
function checkStages(input: CycleInput): void {
  const tz = utc
  const targets = liveTargets(input.rules, input.watchlist, input.now)
  const symbols = new Set([...targets.map((t) => t.symbol), ...input.observations.keys()])
  const read = pure('read', readAll, input, symbols, tz)
  const previous = new Map(input.state.instances.map((r) => [instanceKey(r.ruleId, r.symbol), r]))
  for (const t of targets) {
    const prev = previous.get(instanceKey(t.rule.id, t.symbol))
    const reading = read.readings.get(t.symbol)
    if (reading?.kind !== 'good') continue
    const series = input.dailySeries?.(t.symbol)
    const args = [
      t.symbol,
      reading,
      t.condition,
      t.rule.rearmMarginPct,
      null,
      {},
      {},
      series,
    ] as const
    const verdict = pure('measure', measure, ...args)
    if (verdict.kind === 'measured') reached.measured.add(t.condition.kind)
    pure('transition', step, prev, t, verdict, input.now)
    const ctx = { now: input.now, notifyUnverified: input.prefs.notifyUnverified, absences: [], tz }
    reached.phases.add(pure('pace', advance, prev, t, verdict, ctx).record.phase)
  }
  const judged = targets.map((t) =>
    judge(t, previous.get(instanceKey(t.rule.id, t.symbol)), input, read, tz),
  )
  let n = 0
  const candidates = candidatesOf(judged, input, () => `e${++n}`).flat()
  const decide = (c: typeof candidates) => {
    let id = 0
    return decideNotifications({
      now: input.now,
      prefs: input.prefs,
      backfill: false,
      candidates: c,
      onceSent: input.state.onceSent,
      held: input.state.held,
      heldOverflow: input.state.heldOverflow,
      newId: () => `d${++id}`,
      release: () => 'deliver',
      reowable: new Set(input.state.held.map((h) => h.event.id)),
    })
  }
  for (const d of pure('decide', decide, candidates).decisions) reached.decisions.add(d.status)
}

describe('alerts pipeline stage purity properties', () => {
  it('each stage (read, measure, transition, pace, decide) and the cycle: same input, same output, input not mutated', () => {
    fc.assert(
      fc.property(
        fc.array(ruleArb, { minLength: 1, maxLength: 3 }),
        fc.array(cycleArb, { minLength: 1, maxLength: 12 }),
        dailySeriesArb(START),
        (drafts, cycles, series: SeriesPoint[]) => {
          const rules: AlertRule[] = drafts.map((r, i) => ({
            ...r,
            id: `r${i}`,
            name: `rule ${i}`,
          }))
          let state = freshState()
          let nowMs = START
          for (const c of cycles) {
            nowMs += c.advanceMin * 60_000
            const now = new Date(nowMs)
            const observations = new Map<string, Observation>()
            for (const symbol of SYMBOLS) {
              const detail = buildDetail(symbol, c[symbol].shape)
              const o = observation(c[symbol].kind, detail, now.toISOString())
              if (o) observations.set(symbol, o)
            }
            const input: CycleInput = {
              now,
              rules,
              watchlist: [...SYMBOLS],
              observations,
              prefs: {
                notificationsEnabled: true,
                quietHours: { enabled: c.quiet, start: '00:00', end: '23:59' },
                pausedUntil: c.paused ? new Date(nowMs + 3_600_000).toISOString() : null,
                notifyUnverified: c.notifyUnverified,
                utcOffset: utc,
              },
              state,
              dailySeries: () => series,
            }
            checkStages(input)
            state = pure('cycle', evaluateCycle, input).state
          }
        },
      ),
      { numRuns: RUNS, seed: SEED },
    )
    expect([...reached.measured].sort()).toEqual(
      ['concentration', 'tvl-below', 'tvl-change', 'volume-change'].sort(),
    )
    expect([...reached.phases].sort()).toEqual(['firing', 'ok', 'pending'])
    expect([...reached.decisions].sort()).toEqual(['held', 'sent', 'suppressed'])
  })
})
