// The per-poll re-post: one POST per Alertmanager contact point, with the firing alerts routed to
// it and reaching its minimum severity, against a local receiver standing in for Alertmanager's API.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { PostableAlert } from '../../../src/main/engine/delivery/channels/alertmanager-alerts'
import { repostFiring } from '../../../src/main/engine/delivery/channels/alertmanager-repost'
import { defaultRules, type AlertInstance, type AlertRule } from '../../../src/shared/alert-rules'
import type { ContactPoint } from '../../../src/shared/contact-points'
import { NOW, point } from './fixtures'
import { startReceiver, type Receiver } from './receiver'

let rx: Receiver
beforeAll(async () => {
  rx = await startReceiver()
})
afterAll(async () => {
  await rx.close()
})
beforeEach(() => {
  rx.received.length = 0
})

const base = defaultRules()[0]!
const ruleA: AlertRule = {
  ...base,
  id: 'a',
  name: 'A drop',
  severity: 'critical',
  contactPoints: ['am-1', 'am-2'],
}
const ruleB: AlertRule = {
  ...base,
  id: 'b',
  name: 'B drop',
  severity: 'info',
  contactPoints: ['am-1', 'am-2'],
}
const ruleC: AlertRule = {
  ...base,
  id: 'c',
  name: 'C drop',
  severity: 'critical',
  contactPoints: ['hook'],
}

function inst(ruleId: string, symbol: string, phase: 'firing' | 'ok' = 'firing'): AlertInstance {
  return {
    ruleId,
    symbol,
    state: phase,
    phase,
    breachCount: 2,
    since: null,
    firedAt: '2026-03-02T13:00:00.000Z',
    lastNotifiedAt: null,
    lastValue: -11,
    verified: true,
    detail: null,
    heldBack: null,
    flapping: false,
    cooldownUntil: null,
  }
}

describe('repostFiring', () => {
  it('posts each Alertmanager its routed firing alerts at or above its minimum severity, once per poll', async () => {
    const am1 = point({ id: 'am-1', name: 'AM 1', kind: 'alertmanager', url: `${rx.url}/one` })
    const am2 = point({
      id: 'am-2',
      name: 'AM 2',
      kind: 'alertmanager',
      url: `${rx.url}/two`,
      minSeverity: 'critical',
    })
    const off = point({
      id: 'am-3',
      name: 'AM 3',
      kind: 'alertmanager',
      url: `${rx.url}/three`,
      enabled: false,
    })
    const hook: ContactPoint = point({ id: 'hook', name: 'Hook', kind: 'webhook' })
    const answers = await repostFiring({
      points: [am1, am2, off, hook],
      firing: [
        { instance: inst('a', 'TSLA'), rule: ruleA },
        { instance: inst('a', 'NVDA', 'ok'), rule: ruleA },
        { instance: inst('b', 'GOLD'), rule: ruleB },
        { instance: inst('c', 'AAPL'), rule: ruleC },
      ],
      routes: (rule, p) => rule.contactPoints?.includes(p.id) ?? p.isDefault,
      validForMs: 60_000,
      ctx: { signal: new AbortController().signal, now: () => NOW },
    })
    const byPath = new Map(rx.received.map((r) => [r.path, JSON.parse(r.body) as PostableAlert[]]))
    expect([...byPath.keys()].sort()).toEqual(['/one/api/v2/alerts', '/two/api/v2/alerts'])
    expect(byPath.get('/one/api/v2/alerts')!.map((a) => a.labels.symbol)).toEqual(['TSLA', 'GOLD'])
    expect(byPath.get('/two/api/v2/alerts')!.map((a) => a.labels)).toEqual([
      { alertname: 'A drop', symbol: 'TSLA', rule: 'a', severity: 'critical' },
    ])
    expect(byPath.get('/two/api/v2/alerts')![0]!.endsAt).toBe('2026-03-02T14:31:00.000Z')
    expect([...answers.keys()].sort()).toEqual(['am-1', 'am-2'])
    expect(answers.get('am-1')).toMatchObject({ ok: true })
  })

  it('nothing firing: no request at all', async () => {
    const am1 = point({ id: 'am-1', name: 'AM 1', kind: 'alertmanager', url: rx.url })
    const answers = await repostFiring({
      points: [am1],
      firing: [{ instance: inst('a', 'TSLA', 'ok'), rule: ruleA }],
      routes: () => true,
      validForMs: 60_000,
      ctx: { signal: new AbortController().signal, now: () => NOW },
    })
    expect(answers.size).toBe(0)
    expect(rx.received).toHaveLength(0)
  })
})
