// Routing, pure: decisions of a poll to the desktop and one message per contact point.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  defaultRules,
  type AlertEvent,
  type AlertRule,
  type NotificationDecision,
} from '../../../src/shared/alert-rules'
import { contactPointSchema, type ContactPoint } from '../../../src/shared/contact-points'
import { utcTime } from '../../../src/shared/local-time'
import { route, type RouteInput } from '../../../src/main/engine/delivery/router'

const NOW = new Date('2026-03-02T12:00:00Z')

function rule(id: string, extra: Partial<AlertRule> = {}): AlertRule {
  return { ...defaultRules()[0]!, id, name: `Rule ${id}`, ...extra }
}

function point(id: string, extra: Record<string, unknown> = {}): ContactPoint {
  return contactPointSchema.parse({ id, name: id, kind: 'webhook', ...extra })
}

function event(
  id: string,
  ruleId: string,
  symbol = 'TSLA',
  type: AlertEvent['type'] = 'fired',
): AlertEvent {
  return {
    id,
    at: NOW.toISOString(),
    type,
    ruleId,
    ruleName: `Rule ${ruleId}`,
    symbol,
    message: `${symbol} dropped`,
    value: -12.5,
    threshold: -10,
    verified: true,
    asOf: '2026-03-02T11:58:00.000Z',
  }
}

function sent(eventIds: string[], symbol: string | null = 'TSLA'): NotificationDecision {
  return { status: 'sent', title: 'T', body: 'B', symbol, eventIds }
}

function input(o: Partial<RouteInput>): RouteInput {
  return { decisions: [], events: [], rules: [], points: [], now: NOW, utcOffset: utcTime, ...o }
}

describe('router', () => {
  it('a rule without a list goes to the desktop and every default contact point', () => {
    const r = route(
      input({
        decisions: [sent(['e1'])],
        events: [event('e1', 'a')],
        rules: [rule('a')],
        points: [point('slack', { isDefault: true }), point('other')],
        dataDates: new Map([['TSLA', '2026-02-27']]),
      }),
    )
    expect(r.desktop).toHaveLength(1)
    expect(r.messages.map((m) => m.message.contactPointId)).toEqual(['slack'])
    const m = r.messages[0]!.message
    expect(m).toMatchObject({ status: 'firing', severity: 'warning', title: 'T', body: 'B' })
    expect(m.id).toMatch(/^lw-[0-9a-f]{32}$/)
    expect(m.events).toEqual([
      {
        id: 'e1',
        type: 'fired',
        symbol: 'TSLA',
        ruleId: 'a',
        ruleName: 'Rule a',
        value: -12.5,
        threshold: -10,
        direction: 'down',
        unit: '%',
        asOf: '2026-03-02T11:58:00.000Z',
        dataDate: '2026-02-27',
        link: 'liquidity-watch://asset/TSLA',
        // For templates: the event's sentence; no flow split or issuer moves are known here.
        text: expect.any(String),
        priceFlow: null,
        issuerMoves: null,
        marketSession: null,
      },
    ])
  })

  it("a rule's own list replaces the default, and can leave the desktop out", () => {
    const r = route(
      input({
        decisions: [sent(['e1'])],
        events: [event('e1', 'a')],
        rules: [rule('a', { contactPoints: ['other'] })],
        points: [point('slack', { isDefault: true }), point('other')],
      }),
    )
    expect(r.desktop).toHaveLength(0)
    expect(r.messages.map((m) => m.message.contactPointId)).toEqual(['other'])
  })

  it('minimum severity: a warning does not reach a critical-only contact point', () => {
    const r = route(
      input({
        decisions: [sent(['e1']), sent(['e2'])],
        events: [event('e1', 'a'), event('e2', 'b')],
        rules: [rule('a'), rule('b', { severity: 'critical' })],
        points: [point('pager', { isDefault: true, minSeverity: 'critical' })],
      }),
    )
    expect(r.messages.map((m) => m.message.events[0]!.id)).toEqual(['e2'])
    expect(r.messages[0]!.message.severity).toBe('critical')
    expect(r.desktop).toHaveLength(2)
  })

  it('a grouped decision is one message per contact point, with all its events', () => {
    const ids = Array.from({ length: 40 }, (_, i) => `e${i}`)
    const r = route(
      input({
        decisions: [sent(ids, null)],
        events: ids.map((id, i) => event(id, 'a', `S${i}`)),
        rules: [rule('a')],
        points: [point('x', { isDefault: true }), point('y', { isDefault: true })],
      }),
    )
    expect(r.messages).toHaveLength(2)
    for (const m of r.messages) {
      expect(m.message.status).toBe('digest')
      expect(m.message.events.map((e) => e.id)).toEqual(ids)
    }
  })

  it('quiet hours of a contact point hold its message until they end; others go now', () => {
    const r = route(
      input({
        decisions: [sent(['e1'])],
        events: [event('e1', 'a')],
        rules: [rule('a')],
        points: [
          point('night', { isDefault: true, quietHours: { start: '11:00', end: '13:30' } }),
          point('day', { isDefault: true }),
        ],
      }),
    )
    const byId = Object.fromEntries(r.messages.map((m) => [m.message.contactPointId, m.holdUntil]))
    expect(byId).toEqual({ night: Date.parse('2026-03-02T13:30:00Z'), day: null })
  })

  it('held, suppressed and disabled go nowhere; a turned-off contact point gets nothing', () => {
    const r = route(
      input({
        decisions: [
          {
            status: 'held',
            reason: 'quiet-hours',
            note: '',
            title: 'T',
            body: 'B',
            eventIds: ['e1'],
          },
          { status: 'suppressed', reason: 'cooldown', note: '', eventIds: ['e2'] },
          sent(['e3']),
        ],
        events: [event('e1', 'a'), event('e2', 'a'), event('e3', 'a')],
        rules: [rule('a')],
        points: [point('off', { isDefault: true, enabled: false })],
      }),
    )
    expect(r.messages).toEqual([])
    expect(r.desktop).toHaveLength(1)
  })

  it('a digest of events told by earlier polls is routed by the rules it names', () => {
    const d: NotificationDecision = {
      status: 'sent',
      title: 'T',
      body: 'B',
      symbol: null,
      eventIds: ['old1', 'old2'],
      targets: [{ ruleId: 'b', symbol: 'NVDA' }],
    }
    const r = route(
      input({
        decisions: [d],
        rules: [rule('b', { contactPoints: ['desk'], severity: 'critical' })],
        points: [point('desk')],
      }),
    )
    expect(r.desktop).toHaveLength(0)
    expect(r.messages[0]!.message.events.map((e) => e.id)).toEqual(['old1', 'old2'])
    expect(r.messages[0]!.message.severity).toBe('critical')
  })

  it('property: ids are stable and distinct per (events, contact point); never one message per event', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 6 }), {
          maxLength: 8,
        }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
        (groups, defaults) => {
          let n = 0
          const decisions = groups.map((g) => sent(g.map(() => `e${n++}`)))
          const events = decisions.flatMap((d) => d.eventIds.map((id) => event(id, 'a')))
          const points = defaults.map((isDefault, i) => point(`p${i}`, { isDefault }))
          const a = route(input({ decisions, events, rules: [rule('a')], points }))
          const b = route(input({ decisions, events, rules: [rule('a')], points }))
          expect(a.messages.map((m) => m.message.id)).toEqual(b.messages.map((m) => m.message.id))
          const ids = a.messages.map((m) => m.message.id)
          expect(new Set(ids).size).toBe(ids.length)
          const defaultsCount = defaults.filter(Boolean).length
          expect(a.messages).toHaveLength(decisions.length * defaultsCount)
          expect(a.desktop).toHaveLength(decisions.length)
        },
      ),
    )
  })
})
