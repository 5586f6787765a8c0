// The Alertmanager channel through a real Alertmanager routing to a local webhook receiver: a firing
// alert reaches the receiver once (re-posts each poll do not repeat it), and its resolution too.
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  alertsFromMessage,
  repostableAlerts,
} from '../../../src/main/engine/delivery/channels/alertmanager-alerts'
import { postAlerts } from '../../../src/main/engine/delivery/channels/alertmanager'
import { channelFor } from '../../../src/main/engine/delivery/channels/registry'
import type { OutboundMessage, SendContext } from '../../../src/main/engine/delivery/model'
import { defaultRules, type AlertInstance } from '../../../src/shared/alert-rules'
import {
  ALERTMANAGER_BIN,
  startAlertmanager,
  type RunningAlertmanager,
} from './alertmanager-server'
import { message, NOW, point } from './fixtures'
import { startReceiver, type Receiver } from './receiver'

interface WebhookV4 {
  version: string
  status: 'firing' | 'resolved'
  alerts: {
    status: string
    labels: Record<string, string>
    annotations: Record<string, string>
    generatorURL: string
  }[]
}

let rx: Receiver
let am: RunningAlertmanager

beforeAll(async () => {
  if (!existsSync(ALERTMANAGER_BIN))
    throw new Error(
      `${ALERTMANAGER_BIN} is missing: apt-get install prometheus-alertmanager (.ci/run does).`,
    )
  rx = await startReceiver()
  am = await startAlertmanager(`${rx.url}/am`)
}, 30_000)
afterAll(async () => {
  await am?.stop()
  await rx?.close()
})

const amPoint = () => point({ id: 'team-am', name: 'Team AM', kind: 'alertmanager', url: am.url })
const amCtx = (): SendContext => ({
  secret: null,
  signal: new AbortController().signal,
  now: () => am.now(),
  alertValidForMs: 10 * 60_000,
})
const notifications = () => rx.received.map((r) => JSON.parse(r.body) as WebhookV4)

async function until(what: string, ok: () => boolean, ms = 15_000): Promise<void> {
  const end = performance.now() + ms
  while (!ok()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}:\n${am.log()}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const rule = defaultRules()[0]!
const firing = (over: Partial<OutboundMessage> = {}) =>
  message({ contactPointId: 'team-am', createdAt: am.now().toISOString(), ...over })

describe('Alertmanager channel (real Alertmanager)', () => {
  it('a firing alert reaches the receiver once, re-posted each poll; its resolution once too', async () => {
    const fired = await channelFor('alertmanager')!.send(firing(), amPoint(), amCtx())
    expect(fired).toMatchObject({ ok: true, httpStatus: 200 })
    expect(fired.said).toMatch(/^Alertmanager took 1 alert/)
    await until('the firing notification', () => rx.received.length >= 1)

    // Three polls' re-posts while it fires: Alertmanager knows the alert, nothing new to notify.
    const instance: AlertInstance = {
      ruleId: rule.id,
      symbol: 'TSLA',
      state: 'firing',
      phase: 'firing',
      breachCount: 3,
      since: am.now().toISOString(),
      firedAt: am.now().toISOString(),
      lastNotifiedAt: null,
      lastValue: -12.3,
      verified: true,
      detail: 'TSLA 7-day TVL −12.3 % (threshold −10.0 %)',
      heldBack: null,
      flapping: false,
      cooldownUntil: null,
    }
    for (let poll = 0; poll < 3; poll++) {
      const alerts = repostableAlerts(
        [{ instance, rule: { ...rule, severity: 'critical' } }],
        am.now(),
        10 * 60_000,
      )
      expect(alerts).toHaveLength(1)
      expect(await postAlerts(amPoint(), alerts, amCtx())).toMatchObject({ ok: true })
      await new Promise((r) => setTimeout(r, 600))
    }

    const resolved = firing({
      status: 'resolved',
      events: [{ ...firing().events[0]!, id: 'ev-2', type: 'resolved' }],
    })
    expect(await channelFor('alertmanager')!.send(resolved, amPoint(), amCtx())).toMatchObject({
      ok: true,
    })
    await until('the resolved notification', () => rx.received.length >= 2)
    // Two group intervals more: nothing further arrives.
    await new Promise((r) => setTimeout(r, 2500))

    const got = notifications()
    expect(got.map((n) => n.status)).toEqual(['firing', 'resolved'])
    for (const n of got) {
      expect(n.version).toBe('4')
      expect(n.alerts).toHaveLength(1)
      expect(n.alerts[0]!.labels).toEqual({
        alertname: rule.name,
        symbol: 'TSLA',
        rule: rule.id,
        severity: 'critical',
      })
    }
    expect(got[0]!.alerts[0]!.generatorURL).toBe('liquidity-watch://asset/TSLA')
    expect(got[0]!.alerts[0]!.annotations).toMatchObject({
      summary: 'TSLA: 7-day TVL drop ≥ 10 %',
      value: '-12.3 %',
      threshold: '-10 %',
      link: 'liquidity-watch://asset/TSLA',
    })
  }, 40_000)

  it('an unreachable Alertmanager is worth another try; http to a remote one is refused', async () => {
    const down = point({ id: 'x', name: 'X', kind: 'alertmanager', url: 'http://127.0.0.1:9' })
    expect(await channelFor('alertmanager')!.send(firing(), down, amCtx())).toMatchObject({
      ok: false,
      retryable: true,
    })
    const remote = point({
      id: 'y',
      name: 'Y',
      kind: 'alertmanager',
      url: 'http://am.example.net:9093',
    })
    const answer = await channelFor('alertmanager')!.send(firing(), remote, amCtx())
    expect(answer).toMatchObject({ ok: false, retryable: false })
    expect(answer.said).toMatch(/plain http:\/\/ to am\.example\.net/)
  })
})

describe('alertsFromMessage and repostableAlerts', () => {
  const text = { title: 'T', body: 'B' }
  it('firing ends validFor ahead, resolved and flap-ended end now; snoozes, dropped notices and events known only by id are not alerts', () => {
    const ev = message().events[0]!
    const m = message({
      events: [
        ev,
        { ...ev, id: 'r', type: 'resolved', symbol: 'NVDA' },
        { ...ev, id: 's', type: 'snoozed' },
        { ...ev, id: 'd', type: 'dropped' },
        { ...ev, id: 'i', type: 'issuer-left', symbol: 'GOLD' },
        { ...ev, id: 'f', type: 'flap-ended', symbol: 'AAPL' },
        { ...ev, id: 'n', type: 'notification', ruleId: '', ruleName: '', symbol: 'X' },
      ],
    })
    const alerts = alertsFromMessage(m, text, NOW, 60_000)
    expect(alerts.map((a) => [a.labels.alertname, a.labels.symbol, a.endsAt])).toEqual([
      [ev.ruleName, 'TSLA', '2026-03-02T14:31:00.000Z'],
      [ev.ruleName, 'NVDA', '2026-03-02T14:30:00.000Z'],
      ['Issuer left', 'GOLD', '2026-03-02T14:31:00.000Z'],
      [ev.ruleName, 'AAPL', '2026-03-02T14:30:00.000Z'],
    ])
    expect(alerts[0]!.annotations.summary).toBe(ev.text)
  })

  it('re-posts only instances firing on trusted data whose news was told', () => {
    const base = {
      ruleId: rule.id,
      symbol: 'TSLA',
      breachCount: 2,
      since: null,
      firedAt: '2026-03-02T13:00:00.000Z',
      lastNotifiedAt: null,
      lastValue: -11,
      verified: true,
      detail: null,
      flapping: false,
      cooldownUntil: null,
    }
    const inst = (over: Partial<AlertInstance>): AlertInstance => ({
      ...base,
      state: 'firing',
      phase: 'firing',
      heldBack: null,
      ...over,
    })
    const out = repostableAlerts(
      [
        { instance: inst({}), rule },
        { instance: inst({ symbol: 'A', state: 'stale' }), rule },
        { instance: inst({ symbol: 'B', heldBack: 'cooldown' }), rule },
        { instance: inst({ symbol: 'C', state: 'ok', phase: 'ok' }), rule },
      ],
      NOW,
      60_000,
    )
    expect(out.map((a) => a.labels.symbol)).toEqual(['TSLA', 'A'])
    expect(out[0]).toMatchObject({
      startsAt: '2026-03-02T13:00:00.000Z',
      endsAt: '2026-03-02T14:31:00.000Z',
      labels: { severity: 'warning', rule: rule.id },
      generatorURL: 'liquidity-watch://asset/TSLA',
    })
  })
})
