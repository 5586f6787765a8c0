// Rule options: repeat interval, once vs every-time, expiry, enabled, overrides, scope.
import { describe, expect, it } from 'vitest'
import { liveTargets } from '../../../src/main/engine/alerts/rules'
import { defaultRules } from '../../../src/shared/alert-rules'
import { Harness, good, moved, rule, sent, stateOf, suppressedReasons } from './helpers'

const drop = (pct = -12) => ({ TSLA: good(moved('TSLA', pct)) })

describe('repeat interval (every-time)', () => {
  it('reminds every repeatHours while still firing, not before', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1, repeatHours: 1 })] })
    h.warm()
    expect(sent(h.run(drop(), 30))).toHaveLength(1)
    const early = h.run(drop(), 30) // 30 min after firing
    expect(early.events).toEqual([])
    const due = h.run(drop(-13), 30) // 60 min after firing
    expect(due.events.map((e) => e.type)).toEqual(['repeated'])
    expect(sent(due)[0]?.title).toBe('TSLA TVL still down 13.0 % in 7 days')
    expect(h.run(drop(), 30).events).toEqual([]) // 30 min after the reminder
    expect(h.run(drop(), 30).events.map((e) => e.type)).toEqual(['repeated'])
  })

  it('does not remind while the value sits inside the re-arm band', () => {
    const h = new Harness({
      rules: [rule({ pendingCycles: 1, repeatHours: 1, rearmMarginPct: 2 })],
    })
    h.warm()
    h.run(drop(), 120)
    const r = h.run(drop(-9))
    expect(stateOf(r)).toBe('firing')
    expect(r.events).toEqual([])
  })
})

describe("notify: 'once' vs 'every-time'", () => {
  const episode = (h: Harness) => {
    const fired = h.run(drop())
    const resolved = h.run(drop(0))
    return { fired, resolved }
  }

  it("'every-time' notifies each new episode", () => {
    // No cooldown: these episodes are minutes apart (pacing has its own tests in flapping.test.ts).
    const h = new Harness({
      rules: [rule({ pendingCycles: 1, notify: 'every-time', cooldownMinutes: 0 })],
    })
    h.warm()
    const a = episode(h)
    const b = episode(h)
    expect([a.fired, a.resolved, b.fired, b.resolved].map((r) => sent(r).length)).toEqual([
      1, 1, 1, 1,
    ])
  })

  it("'once' notifies only the first firing, and again after the rule is edited", () => {
    const h = new Harness({
      rules: [rule({ pendingCycles: 1, notify: 'once', repeatHours: 0.25, cooldownMinutes: 0 })],
    })
    h.warm()
    const a = episode(h)
    expect(sent(a.fired)).toHaveLength(1)
    expect(sent(a.resolved)).toEqual([])
    expect(suppressedReasons(a.resolved)).toEqual(['once-already-sent'])
    // Long firing: no reminders for 'once'.
    const b = h.run(drop(), 60)
    expect(b.events.map((e) => e.type)).toEqual(['fired'])
    expect(suppressedReasons(b)).toEqual(['once-already-sent'])
    expect(h.run(drop()).events).toEqual([])

    // Snoozing is not editing; changing the threshold is.
    h.rules = [{ ...(h.rules[0] as (typeof h.rules)[0]), snoozedUntil: '2020-01-01T00:00:00.000Z' }]
    h.run(drop(0))
    // One decision per distinct note: the firing ("already did") and other news of the rule.
    expect(new Set(suppressedReasons(h.run(drop())))).toEqual(new Set(['once-already-sent']))
    h.run(drop(0))
    h.rules = [
      rule({
        pendingCycles: 1,
        notify: 'once',
        condition: { kind: 'tvl-change', window: '7d', direction: 'down', thresholdPct: 11 },
      }),
    ]
    expect(sent(h.run(drop()))).toHaveLength(1)
  })
})

describe("'once' and snoozes", () => {
  it('a firing hidden by a snooze does not use up the one notification; recoveries never notify', () => {
    const h = new Harness({
      rules: [rule({ pendingCycles: 1, notify: 'once', snoozedUntil: '2025-03-03T12:30:00.000Z' })],
    })
    h.warm()
    expect(suppressedReasons(h.run(drop(), 60))).toEqual(['snoozed'])
    const resolved = h.run(drop(0)) // snooze over
    expect(resolved.events.map((e) => e.type)).toEqual(['resolved'])
    expect(suppressedReasons(resolved)).toEqual(['once-already-sent'])
    expect(sent(h.run(drop()))).toHaveLength(1)
  })
})

describe('enabled and expiry', () => {
  it('an expired rule is not evaluated and its instances drop out', () => {
    const h = new Harness({
      rules: [rule({ pendingCycles: 1, expiresAt: '2025-03-03T12:20:00.000Z' })],
    })
    h.warm()
    expect(stateOf(h.run(drop(), 60))).toBe('firing') // at 12:05
    const after = h.run(drop()) // at 13:05
    expect(after.instances).toHaveLength(0)
    expect(after.state.instances).toHaveLength(0)
    expect(h.run(drop()).events).toEqual([])
  })

  it('a disabled rule is not evaluated', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1, enabled: false })] })
    h.warm()
    const r = h.run(drop(-50))
    expect(r.instances).toEqual([])
    expect(r.events).toEqual([])
  })
})

describe('per-symbol overrides', () => {
  const both = (pct: number) => ({ TSLA: good(moved('TSLA', pct)), NVDA: good(moved('NVDA', pct)) })

  it('a threshold override applies to its symbol only', () => {
    const h = new Harness({
      watchlist: ['TSLA', 'NVDA'],
      rules: [rule({ pendingCycles: 1, overrides: { NVDA: { threshold: 20 } } })],
    })
    h.warm()
    const r = h.run(both(-15))
    expect(r.events.map((e) => e.symbol)).toEqual(['TSLA'])
    expect(r.instances.find((i) => i.symbol === 'NVDA')?.detail).toContain('alert at down 20.0 %')
    expect(h.run(both(-21)).events.map((e) => e.symbol)).toEqual(['NVDA'])
  })

  it('an override can disable one symbol', () => {
    const h = new Harness({
      watchlist: ['TSLA', 'NVDA'],
      rules: [rule({ pendingCycles: 1, overrides: { NVDA: { enabled: false } } })],
    })
    h.warm()
    const r = h.run(both(-15))
    expect(r.instances.map((i) => i.symbol)).toEqual(['TSLA'])
    expect(r.events.map((e) => e.symbol)).toEqual(['TSLA'])
  })

  it('an override snooze suppresses that symbol only', () => {
    const h = new Harness({
      watchlist: ['TSLA', 'NVDA'],
      rules: [
        rule({
          pendingCycles: 1,
          overrides: { NVDA: { snoozedUntil: '2025-03-04T00:00:00.000Z' } },
        }),
      ],
    })
    h.warm()
    const r = h.run(both(-15))
    expect(r.events.map((e) => e.symbol)).toEqual(['TSLA', 'NVDA'])
    expect(sent(r)).toHaveLength(1)
    expect(sent(r)[0]?.symbol).toBe('TSLA')
    expect(r.decisions).toContainEqual({
      status: 'suppressed',
      reason: 'snoozed',
      note: 'The rule “7-day TVL drop ≥ 10 %” is snoozed for this symbol.',
      eventIds: [r.events[1]?.id],
    })
  })
})

describe('scope', () => {
  it("'watchlist' scope picks up symbols added later", () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })], watchlist: ['TSLA'] })
    h.warm()
    h.watchlist = ['TSLA', 'NVDA']
    const r = h.run({ TSLA: good(moved('TSLA', 0)), NVDA: good(moved('NVDA', -20)) })
    expect(r.instances.map((i) => i.symbol)).toEqual(['TSLA', 'NVDA'])
    // Its first reading already breached: the drop began before it was watched.
    expect(sent(r)[0]?.title).toBe(
      'NVDA TVL down 20.0 % in 7 days (already under way when watching began)',
    )
  })

  it("'symbols' scope follows its own list, not the watchlist", () => {
    const h = new Harness({
      rules: [rule({ pendingCycles: 1, scope: { kind: 'symbols', symbols: ['GOLD'] } })],
    })
    h.warm(['TSLA', 'GOLD'])
    const r = h.run({ TSLA: good(moved('TSLA', -30)), GOLD: good(moved('GOLD', -30)) })
    expect(r.instances.map((i) => i.symbol)).toEqual(['GOLD'])
    expect(r.events.map((e) => e.symbol)).toEqual(['GOLD'])
  })
})

describe('rule fingerprints', () => {
  // Saved alert state keeps these ('once' rules re-arm when theirs changes): a new way of computing
  // them must give the same strings, or every 'once' rule notifies again after an update.
  it('are the same strings as the version that first saved them, per threshold override', () => {
    const r = { ...defaultRules()[0]!, overrides: { NVDA: { threshold: 5 } } }
    const prints = liveTargets([r], ['TSLA', 'NVDA', 'GOLD'], new Date())
    expect(prints.map((t) => [t.symbol, t.fingerprint])).toEqual([
      ['TSLA', 'b31b7cfbd15c9841'],
      ['NVDA', 'fc19172260aefbec'],
      ['GOLD', 'b31b7cfbd15c9841'],
    ])
    // Snoozing is not editing; a new threshold is.
    const snoozed = { ...r, snoozedUntil: new Date(Date.now() + 3_600_000).toISOString() }
    expect(liveTargets([snoozed], ['TSLA'], new Date())[0]!.fingerprint).toBe('b31b7cfbd15c9841')
    const edited = { ...r, condition: { ...r.condition, thresholdPct: 12 } }
    expect(liveTargets([edited], ['TSLA'], new Date())[0]!.fingerprint).not.toBe('b31b7cfbd15c9841')
  })
})
