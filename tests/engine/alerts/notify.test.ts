// From events to desktop notifications: backfill, disabled, snooze, quiet hours, pause, digests.
import { describe, expect, it } from 'vitest'
import { freshState } from '../../../src/main/engine/alerts/engine-state'
import { inQuietHours, type NotifyPrefs } from '../../../src/main/engine/alerts/decide/quiet-hours'
import { Harness, failed, good, moved, rule, sent, suppressedReasons } from './helpers'

const drop = (pct = -12) => ({ TSLA: good(moved('TSLA', pct)) })

describe('first-run backfill', () => {
  // The first run after the alert state was reset (the user may have been told already). A first
  // start on a new state tells what it finds: see 'a first start tells …' below.
  it('records a condition already true at first run but notifies nothing', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })], state: freshState(true) })
    const first = h.run(drop())
    expect(first.events.map((e) => e.type)).toEqual(['fired'])
    expect(sent(first)).toEqual([])
    expect(suppressedReasons(first)).toEqual(['backfill'])
    expect(h.run(drop()).decisions).toEqual([]) // still the same episode
  })

  it('a first cycle without fresh data does not use up the backfill', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })], state: freshState(true) })
    h.run({ TSLA: failed() })
    expect(h.state.initialized).toBe(false)
    expect(suppressedReasons(h.run(drop()))).toEqual(['backfill'])
  })

  it('a first start tells a condition already true once, as under way when watching began', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })] })
    h.run({ TSLA: failed() })
    const first = h.run(drop())
    expect(first.events.map((e) => e.type)).toEqual(['fired'])
    expect(sent(first)).toMatchObject([
      { title: 'TSLA TVL down 12.0 % in 7 days (already under way when watching began)' },
    ])
    expect(h.run(drop()).decisions).toEqual([]) // still the same episode
  })

  it('an episode found under way ends without a length: it began before watching, so its length is unknown', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })] })
    h.run({ TSLA: failed() })
    h.run(drop())
    const resolved = h.run(drop(0), 90).events.find((e) => e.type === 'resolved')
    expect(resolved?.message).toBe('TSLA 7-day TVL drop recovered')
    expect(resolved?.durationMs).toBeUndefined()
    // One that began while watched says how long it lasted.
    h.run(drop(), 10)
    const later = h.run(drop(0), 90).events.find((e) => e.type === 'resolved')
    expect(later?.message).toMatch(/^TSLA 7-day TVL drop recovered after \d+ (min|h)/)
  })

  it('after the backfill cycle a new episode notifies', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })], state: freshState() })
    h.warm()
    expect(sent(h.run(drop()))).toHaveLength(1)
  })
})

describe('disabled and snoozed', () => {
  it('notifications disabled → suppressed, event still recorded', () => {
    const h = new Harness({
      rules: [rule({ pendingCycles: 1 })],
      prefs: { notificationsEnabled: false },
    })
    h.warm()
    const r = h.run(drop())
    expect(r.events.map((e) => e.type)).toEqual(['fired'])
    expect(r.decisions).toEqual([
      {
        status: 'suppressed',
        reason: 'disabled',
        note: 'Desktop notifications are turned off in Settings.',
        eventIds: [r.events[0]?.id],
      },
    ])
  })

  it('a snoozed rule records events but does not notify; after the snooze it does', () => {
    const h = new Harness({
      rules: [rule({ pendingCycles: 1, snoozedUntil: '2025-03-03T12:30:00.000Z' })],
    })
    h.warm()
    const r = h.run(drop())
    expect(r.events.map((e) => e.type)).toEqual(['fired'])
    expect(suppressedReasons(r)).toEqual(['snoozed'])
    h.run(drop(0), 60)
    expect(sent(h.run(drop()))).toHaveLength(1)
  })
})

describe('several events in one cycle', () => {
  it('become one digest notification', () => {
    const h = new Harness({
      rules: [rule({ pendingCycles: 1 })],
      watchlist: ['TSLA', 'NVDA', 'AAPL'],
    })
    h.warm()
    const r = h.run({
      TSLA: good(moved('TSLA', -12)),
      NVDA: good(moved('NVDA', -20)),
      AAPL: good(moved('AAPL', -1)),
    })
    expect(r.events).toHaveLength(2)
    const s = sent(r)
    expect(s).toHaveLength(1)
    expect(s[0]).toMatchObject({
      title: '2 Liquidity Watch alerts',
      symbol: null,
      eventIds: r.events.map((e) => e.id),
    })
    expect(s[0]?.body).toBe(
      '• TSLA TVL down 12.0 % in 7 days\n• NVDA TVL down 20.0 % in 7 days\n' +
        'While the US market was in after-hours trading.\n' +
        // The engine's data was fetched at 00:00 on another day than this cycle: it says the date.
        'Data as of 2025-01-01 00:00 UTC.',
    )
    expect(s[0]).toMatchObject({
      asOf: '2025-01-01T00:00:00.000Z',
      targets: [
        { ruleId: 'r1', symbol: 'TSLA' },
        { ruleId: 'r1', symbol: 'NVDA' },
      ],
    })
  })
})

describe('quiet hours and pause', () => {
  // 21:00 UTC = 22:00 at UTC+1; quiet 22:00–07:00 wraps midnight.
  const evening = new Date('2025-03-03T21:00:00.000Z')
  const prefs = {
    quietHours: { enabled: true, start: '22:00', end: '07:00' },
    utcOffset: () => 60,
  }

  it('holds alerts during quiet hours, then delivers one digest when they end', () => {
    const h = new Harness({
      rules: [rule({ pendingCycles: 1 })],
      watchlist: ['TSLA', 'NVDA'],
      prefs,
      now: evening,
    })
    h.warm() // 22:00 local
    const a = h.run({ TSLA: good(moved('TSLA', -12)), NVDA: good(moved('NVDA', 0)) }, 240) // 22:05
    expect(a.decisions).toEqual([
      expect.objectContaining({
        status: 'held',
        reason: 'quiet-hours',
        eventIds: [a.events[0]?.id],
      }),
    ])
    expect(a.events.map((e) => e.type)).toEqual(['fired', 'held'])
    const b = h.run({ TSLA: good(moved('TSLA', 0)), NVDA: good(moved('NVDA', -15)) }, 475) // 02:05
    expect(b.decisions.map((d) => d.status)).toEqual(['held'])
    expect(b.state.held).toHaveLength(3)

    const morning = h.run({ TSLA: good(moved('TSLA', 0)), NVDA: good(moved('NVDA', -15)) }) // 10:00 local
    const digest = sent(morning)
    expect(digest).toHaveLength(1)
    expect(digest[0]?.title).toBe('While notifications were held: 3 alerts')
    expect(digest[0]?.body).toContain('TSLA TVL down 12.0 % in 7 days')
    expect(digest[0]?.body).toContain('TSLA 7-day TVL drop recovered after 4 h')
    expect(digest[0]?.body).toContain('NVDA TVL down 15.0 % in 7 days')
    expect(morning.events.filter((e) => e.type === 'delivered')).toHaveLength(3)
    expect(morning.state.held).toEqual([])
    expect(morning.instances.find((i) => i.symbol === 'NVDA')?.lastNotifiedAt).toBe(
      '2025-03-04T09:00:00.000Z',
    )
    expect(
      h.run({ NVDA: good(moved('NVDA', -15)), TSLA: good(moved('TSLA', 0)) }).decisions,
    ).toEqual([])
  })

  it('holds while paused and delivers a digest after the pause', () => {
    const h = new Harness({
      rules: [rule({ pendingCycles: 1 })],
      prefs: { pausedUntil: '2025-03-03T13:00:00.000Z' },
    })
    h.warm()
    const r = h.run(drop(), 60)
    expect(r.decisions).toMatchObject([{ status: 'held', reason: 'paused' }])
    const after = h.run(drop())
    expect(sent(after)).toMatchObject([
      { title: 'While notifications were held: 1 alert', symbol: 'TSLA' },
    ])
  })

  it('quiet hours: local time, wrapping midnight, end exclusive', () => {
    const p = (start: string, end: string, offset = 0): NotifyPrefs => ({
      notificationsEnabled: true,
      pausedUntil: null,
      notifyUnverified: false,
      quietHours: { enabled: true, start, end },
      utcOffset: () => offset,
    })
    const at = (iso: string) => new Date(iso)
    expect(inQuietHours(at('2025-01-01T23:30:00Z'), p('22:00', '07:00'))).toBe(true)
    expect(inQuietHours(at('2025-01-01T06:59:00Z'), p('22:00', '07:00'))).toBe(true)
    expect(inQuietHours(at('2025-01-01T07:00:00Z'), p('22:00', '07:00'))).toBe(false)
    expect(inQuietHours(at('2025-01-01T12:00:00Z'), p('09:00', '17:00'))).toBe(true)
    expect(inQuietHours(at('2025-01-01T17:00:00Z'), p('09:00', '17:00'))).toBe(false)
    // 21:30 UTC is 23:30 at UTC+2, 16:30 at UTC−5.
    expect(inQuietHours(at('2025-01-01T21:30:00Z'), p('23:00', '06:00', 120))).toBe(true)
    expect(inQuietHours(at('2025-01-01T21:30:00Z'), p('23:00', '06:00', -300))).toBe(false)
    expect(
      inQuietHours(at('2025-01-01T23:30:00Z'), {
        ...p('22:00', '07:00'),
        quietHours: { enabled: false, start: '22:00', end: '07:00' },
      }),
    ).toBe(false)
  })
})
