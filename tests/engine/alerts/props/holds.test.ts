// Property tests of holding and releasing (fast-check): with pauses, quiet hours, the opt-in for
// disagreeing figures, and rules snoozed, turned off or deleted between cycles, the engine never
// throws, a held alert is never delivered for a rule that is gone or snoozed for its symbol when
// the hold ends, and an alert on disagreeing figures reaches the user only when they opted in,
// clearly marked; with notifications turned off nothing is sent at all.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AlertEvent, AlertRule } from '../../../../src/shared/alert-rules'
import { freshState } from '../../../../src/main/engine/alerts/engine-state'
import { evaluateCycle } from '../../../../src/main/engine/alerts/evaluate'
import { SYMBOLS, buildDetail, detailShape, observation, readingKind, ruleArb } from './arbitraries'
import type { Observation } from '../../../../src/main/engine/alerts/model'

const START = Date.parse('2025-03-03T12:00:00.000Z')
const RUNS = Number(process.env.LW_PROPERTY_RUNS ?? 200)
// The coverage check below (some held alert was released) depends on what was drawn: a fixed seed
// keeps CI from failing on an unlucky draw; LW_PROPERTY_SEED explores others.
const SEED = Number(process.env.LW_PROPERTY_SEED ?? 20261123)

const step = fc.record({
  advanceMin: fc.integer({ min: 1, max: 240 }),
  TSLA: fc.record({ kind: readingKind, shape: detailShape }),
  NVDA: fc.record({ kind: readingKind, shape: detailShape }),
  pausedForMin: fc.option(fc.integer({ min: 1, max: 300 }), { freq: 3 }),
  quiet: fc.boolean(),
  notifyUnverified: fc.boolean(),
  /** Desktop notifications turned off in Settings (now and then): nothing is sent, held or new. */
  notificationsOff: fc.constantFrom(false, false, false, true),
  /** Between cycles: nothing, delete a rule, turn one off, or snooze one for a symbol. */
  edit: fc.option(
    fc.record({
      what: fc.constantFrom('delete', 'disable', 'snooze'),
      rule: fc.nat(),
      symbol: fc.constantFrom(...SYMBOLS),
    }),
    { freq: 4 },
  ),
})

describe('holding and releasing properties', () => {
  it('held alerts reach the user only under rules that still want them; unverified only when asked, marked', () => {
    let delivered = 0
    fc.assert(
      fc.property(
        fc.array(ruleArb, { minLength: 1, maxLength: 3 }),
        fc.array(step, { minLength: 1, maxLength: 25 }),
        (drafts, steps) => {
          let rules: AlertRule[] = drafts.map((r, i) => ({ ...r, id: `r${i}`, name: `rule ${i}` }))
          let state = freshState()
          let nowMs = START
          let pausedUntil: string | null = null
          const events = new Map<string, AlertEvent>()
          for (const s of steps) {
            nowMs += s.advanceMin * 60_000
            const now = new Date(nowMs)
            if (s.pausedForMin !== null)
              pausedUntil = new Date(nowMs + s.pausedForMin * 60_000).toISOString()
            const observations = new Map<string, Observation>()
            for (const symbol of SYMBOLS) {
              const o = observation(
                s[symbol].kind,
                buildDetail(symbol, s[symbol].shape),
                now.toISOString(),
              )
              if (o) observations.set(symbol, o)
            }
            const r = evaluateCycle({
              now,
              rules,
              watchlist: [...SYMBOLS],
              observations,
              prefs: {
                notificationsEnabled: !s.notificationsOff,
                // Turned off outside any hold: nothing else keeps the news from going out.
                quietHours: {
                  enabled: s.quiet && !s.notificationsOff,
                  start: '00:00',
                  end: '23:59',
                },
                pausedUntil: s.notificationsOff ? null : pausedUntil,
                notifyUnverified: s.notifyUnverified,
                utcOffset: () => 0,
              },
              state,
            })
            state = r.state
            for (const e of r.events) events.set(e.id, e)
            for (const d of r.decisions) {
              if (d.status !== 'sent') continue
              expect(s.notificationsOff, `${d.title} sent with notifications off`).toBe(false)
              for (const id of d.eventIds) {
                const e = events.get(id) as AlertEvent
                expect(e).toBeDefined()
                const rule = rules.find((x) => x.id === e.ruleId)
                expect(rule, `${e.message} delivered for a deleted rule`).toBeDefined()
                expect(rule!.enabled, `${e.message} delivered for a rule turned off`).toBe(true)
                const until = rule!.snoozedUntil ?? rule!.overrides[e.symbol]?.snoozedUntil
                expect(
                  until == null || Date.parse(until) <= nowMs,
                  `${e.message} delivered while snoozed`,
                ).toBe(true)
                if (!e.verified) {
                  expect(s.notifyUnverified, `${e.message}: unverified without the opt-in`).toBe(
                    true,
                  )
                  expect(`${d.title}\n${d.body}`).toMatch(/unverified|figures disagree/)
                }
                if (!r.events.some((x) => x.id === id)) delivered++
              }
            }
            // The edit happens after the cycle: the next cycle meets the changed rules.
            if (s.edit !== null && rules.length > 0) {
              const target = rules[s.edit.rule % rules.length] as AlertRule
              const until = new Date(nowMs + 24 * 3_600_000).toISOString()
              rules =
                s.edit.what === 'delete'
                  ? rules.filter((x) => x !== target)
                  : rules.map((x) =>
                      x !== target
                        ? x
                        : s.edit!.what === 'disable'
                          ? { ...x, enabled: false }
                          : {
                              ...x,
                              overrides: {
                                ...x.overrides,
                                [s.edit!.symbol]: { snoozedUntil: until },
                              },
                            },
                    )
            }
          }
        },
      ),
      { numRuns: RUNS, seed: SEED },
    )
    // Held alerts were delivered later in some runs: the release path was exercised.
    expect(delivered).toBeGreaterThan(0)
  })
})
