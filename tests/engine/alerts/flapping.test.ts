// Flap protection (Nagios-style: last 21 readings, weighted state changes, start/stop thresholds)
// and the per-rule cooldown between notifications of one (rule, symbol).
import { describe, expect, it } from 'vitest'
import { flapPercent } from '../../../src/main/engine/alerts/pace/flapping'
import { Harness, good, moved, rule, sent, stateOf } from './helpers'

const at = (pct: number) => ({ TSLA: good(moved('TSLA', pct)) })

/** Runs `n` 5-minute polls alternating a breach (−12 %) and a full recovery (−5 %). */
function oscillate(h: Harness, n: number) {
  return Array.from({ length: n }, (_, i) => h.run(at(i % 2 === 0 ? -12 : -5)))
}

describe('flapping', () => {
  it('a value crossing the re-arm margin for 2 h notifies once, then once that it is flapping', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1, rearmMarginPct: 2 })] })
    h.warm()
    const cycles = oscillate(h, 24)
    const notes = cycles.flatMap(sent)
    expect(notes.map((d) => d.title)).toEqual([
      'TSLA TVL down 12.0 % in 7 days',
      expect.stringMatching(/^TSLA 7-day TVL drop is flapping/),
    ])
    // The flapping notice waited for the cooldown after the first one (1 h by default).
    const flapAt = cycles.findIndex((c) => sent(c).length > 0 && c !== cycles[0])
    expect(flapAt * 5).toBeGreaterThanOrEqual(60)
    const last = cycles.at(-1)!
    expect(last.instances[0]).toMatchObject({ flapping: true })
    // Every crossing is still in the history, withheld as flapping or cooldown.
    const types = cycles.flatMap((c) => c.events.map((e) => e.type))
    expect(types.filter((t) => t === 'fired').length).toBeGreaterThanOrEqual(10)
    const reasons = new Set(
      cycles.flatMap((c) =>
        c.decisions.flatMap((d) => (d.status === 'suppressed' ? [d.reason] : [])),
      ),
    )
    expect([...reasons].sort()).toEqual(['cooldown', 'flapping'])
  })

  it('says once that it stopped flapping when it settles, with the state it settled in', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1, rearmMarginPct: 2 })] })
    h.warm()
    oscillate(h, 24)
    const settled = Array.from({ length: 30 }, () => h.run(at(-4)))
    const notes = settled.flatMap(sent)
    expect(notes.map((d) => d.title)).toEqual([
      'TSLA 7-day TVL drop stopped flapping; now OK: down 4.0 % in 7 days',
    ])
    expect(settled.at(-1)!.instances[0]).toMatchObject({ flapping: false, state: 'ok' })
    // Back to normal: a new episode notifies as usual.
    expect(sent(h.run(at(-15)))).toMatchObject([{ title: 'TSLA TVL down 15.0 % in 7 days' }])
  })

  it('two separate episodes in the window are still two episodes', () => {
    const h = new Harness({
      rules: [rule({ pendingCycles: 1, rearmMarginPct: 2, cooldownMinutes: 0 })],
    })
    h.warm()
    const r = [h.run(at(-12)), h.run(at(-5)), h.run(at(-12)), h.run(at(-5))]
    expect(r.map((c) => sent(c).length)).toEqual([1, 1, 1, 1])
    expect(r.every((c) => !c.instances[0]!.flapping)).toBe(true)
  })

  it('percent state change weighs recent changes more (0.8 oldest → 1.2 newest of 20)', () => {
    expect(flapPercent('')).toBe(0)
    expect(flapPercent('0'.repeat(21))).toBe(0)
    expect(flapPercent('01'.repeat(10) + '0')).toBeCloseTo(100, 6)
    // One change, newest: weight 1.2 of 20 → 6 %; oldest: 0.8 → 4 %.
    expect(flapPercent('0'.repeat(20) + '1')).toBeCloseTo(6, 6)
    expect(flapPercent('0' + '1'.repeat(20))).toBeCloseTo(4, 6)
    // A short history counts its changes as the newest ones.
    expect(flapPercent('01')).toBeCloseTo(6, 6)
  })
})

describe('cooldown between notifications of one rule and symbol', () => {
  it('a new episode inside the cooldown is recorded but not notified', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1, rearmMarginPct: 2 })] })
    h.warm()
    expect(sent(h.run(at(-12), 10))).toHaveLength(1) // 12:05 fired
    const back = h.run(at(-5), 10) // 12:15 recovered
    expect(back.events.map((e) => e.type)).toEqual(['resolved'])
    expect(back.decisions).toMatchObject([
      { status: 'suppressed', reason: 'cooldown', note: expect.stringMatching(/cooldown/) },
    ])
    expect(back.instances[0]).toMatchObject({
      heldBack: 'cooldown',
      cooldownUntil: '2025-03-03T13:05:00.000Z',
    })
    const again = h.run(at(-12), 50) // 12:25 fires again: still within the hour
    expect(again.events.map((e) => e.type)).toEqual(['fired'])
    expect(sent(again)).toEqual([])
    // The user was told "down" and it is down: nothing is owed.
    expect(again.instances[0]?.heldBack).toBeNull()
    const later = h.run(at(-12)) // 13:15, still firing: nothing new to tell
    expect(later.decisions).toEqual([])
  })

  it("its note says until when in the user's local time", () => {
    const h = new Harness({
      rules: [rule({ pendingCycles: 1, rearmMarginPct: 2 })],
      prefs: { utcOffset: () => 120 },
    })
    h.warm()
    h.run(at(-12), 10) // 12:05 UTC fired
    const back = h.run(at(-5)) // 12:15 UTC recovered, inside the cooldown until 13:05 UTC
    const [d] = back.decisions
    expect(d?.status === 'suppressed' && d.note).toContain('(cooldown until 15:05)')
  })

  it('news withheld by the cooldown is told when it ends, if still true', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1, rearmMarginPct: 2 })] })
    h.warm()
    h.run(at(-12), 10) // 12:05 fired, sent
    h.run(at(-5), 50) // 12:15 recovered, withheld
    const r = h.run(at(-5)) // 13:05: cooldown over, still recovered
    // Told late, it reads as it would have when it happened: the episode lasted 12:05–12:15.
    expect(sent(r)).toMatchObject([{ title: 'TSLA 7-day TVL drop recovered after 10 min' }])
    expect(r.instances[0]).toMatchObject({ heldBack: null, state: 'ok' })
    expect(h.run(at(-5)).decisions).toEqual([])
  })

  it('is per rule, and 0 turns it off', () => {
    const h = new Harness({
      rules: [rule({ pendingCycles: 1, rearmMarginPct: 2, cooldownMinutes: 0 })],
    })
    h.warm()
    expect([h.run(at(-12)), h.run(at(-5))].map((c) => sent(c).length)).toEqual([1, 1])
    expect(stateOf(h.last!)).toBe('resolved')
  })
})

describe("'once' rules", () => {
  it('a flapping notice of a once rule is not said to be "already sent": the note says why', () => {
    const h = new Harness({
      rules: [rule({ pendingCycles: 1, rearmMarginPct: 2, notify: 'once', cooldownMinutes: 0 })],
    })
    h.warm()
    const cycles = oscillate(h, 24)
    const flapped = cycles.find((c) => c.events.some((e) => e.type === 'flapping'))!
    const notice = flapped.events.find((e) => e.type === 'flapping')!
    const why = flapped.decisions.find((d) => d.eventIds.includes(notice.id))
    expect(why).toMatchObject({ status: 'suppressed', reason: 'once-already-sent' })
    const note = why?.status === 'suppressed' ? why.note : ''
    expect(note).not.toMatch(/already did/)
    expect(note).toMatch(/only its first firing/)
  })
})
