// A real drop in the local service reaches a real Alertmanager's webhook receiver exactly once, and
// its recovery once too: `check --contact-point '{"kind":"alertmanager",…}'` through the outbox, the
// real Alertmanager channel and the poll's re-post. Alertmanager runs on the wall clock while this
// suite runs at a pinned instant, so the contact point's address is a clock bridge that moves the
// alerts' times onto Alertmanager's clock (alertmanager-clock-bridge.ts), as a receiver's clock.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalService } from '../../src/dev-service/server'
import type { JsonReport } from '../../src/main/cli/json-report'
import { runCheck } from '../../src/main/cli/check'
import { parseContactPointFlag } from '../../src/main/cli/contact-point-flag'
import { defaultSettings } from '../../src/shared/settings-schema'
import { startClockBridge, type ClockBridge } from '../engine/delivery/alertmanager-clock-bridge'
import { startAlertmanager, type RunningAlertmanager } from '../engine/delivery/alertmanager-server'
import { startReceiver, type Receiver } from '../engine/delivery/receiver'
import { serviceForFile } from './run-cli'

const KEY = 'sk-cli-test-alertmanager-0123'
let svc: LocalService
let rx: Receiver
let am: RunningAlertmanager
let bridge: ClockBridge
const dirs = serviceForFile(KEY, (s) => (svc = s))
beforeAll(async () => {
  rx = await startReceiver()
  am = await startAlertmanager(`${rx.url}/am`)
  bridge = await startClockBridge(am)
}, 30_000)
afterAll(async () => {
  await bridge?.close()
  await am?.stop()
  await rx?.close()
})

async function check(dir: string): Promise<JsonReport> {
  const out: string[] = []
  const env = { LIQUIDITY_API_KEY: KEY }
  await runCheck(
    {
      dataDir: dir,
      baseUrl: svc.url,
      symbols: ['NVDA'],
      json: true,
      contactPoints: [
        parseContactPointFlag(
          '--contact-point 1',
          JSON.stringify({ kind: 'alertmanager', url: bridge.url }),
          env,
        ),
      ],
    },
    { out: (t) => out.push(t), err: () => undefined, env },
  )
  return JSON.parse(out.join('\n')) as JsonReport
}

/** The labels of the alerts Alertmanager holds as firing now. */
async function activeAlerts(): Promise<Record<string, string>[]> {
  const res = await fetch(`${am.url}/api/v2/alerts?active=true&silenced=false&inhibited=false`)
  const alerts = (await res.json()) as { labels: Record<string, string> }[]
  return alerts.map((a) => a.labels)
}

interface WebhookV4 {
  status: 'firing' | 'resolved'
  alerts: { labels: Record<string, string> }[]
}

async function until(what: string, ok: () => boolean, ms = 15_000): Promise<void> {
  const end = performance.now() + ms
  while (!ok()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}:\n${am.log()}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('check --contact-point alertmanager (real Alertmanager)', () => {
  it(
    'a drop reaches the receiver through Alertmanager exactly once, and its resolution too',
    { timeout: 90_000 },
    async () => {
      const dir = await dirs.make()
      // No cooldown: the recovery a second after the drop is told at once, not an hour later.
      const s = defaultSettings()
      writeFileSync(
        join(dir, 'settings.json'),
        JSON.stringify({ ...s, rules: [{ ...s.rules[0]!, cooldownMinutes: 0 }] }),
      )
      const id = svc.scenarios.add({ kind: 'tvl-drop', symbol: 'NVDA', pct: 35, windowDays: 1 })
      let removed = false
      try {
        await check(dir)
        const fired = await check(dir)
        expect(fired.deliveries).toEqual([
          expect.objectContaining({ kind: 'alertmanager', status: 'sent' }),
        ])
        await until('the firing notification', () => rx.received.length >= 1)
        // Still firing: nothing new is sent, and the poll's re-post keeps it firing in Alertmanager
        // (a re-post still on the suite's clock ended it, and under load before Alertmanager had
        // told it: the firing notification then never came).
        const reposts = bridge.posted.length
        expect((await check(dir)).deliveries).toEqual([])
        expect(bridge.posted.length).toBe(reposts + 1)
        expect(await activeAlerts()).toEqual([expect.objectContaining({ symbol: 'NVDA' })])

        svc.scenarios.remove(id)
        removed = true
        let resolvedRun: JsonReport | null = null
        for (let run = 0; run < 4 && resolvedRun === null; run++) {
          const r = await check(dir)
          if (r.events.some((e) => e.type === 'resolved')) resolvedRun = r
        }
        expect(resolvedRun?.deliveries).toEqual([expect.objectContaining({ status: 'sent' })])
        await until('the resolved notification', () => rx.received.length >= 2)
        // Two group intervals more: nothing further arrives.
        await new Promise((r) => setTimeout(r, 2500))
        const got = rx.received.map((r) => JSON.parse(r.body) as WebhookV4)
        expect(got.map((n) => n.status)).toEqual(['firing', 'resolved'])
        for (const n of got) {
          expect(n.alerts).toHaveLength(1)
          expect(n.alerts[0]!.labels).toMatchObject({
            symbol: 'NVDA',
            rule: 'default-7d-drop',
            severity: 'warning',
          })
        }
      } finally {
        if (!removed) svc.scenarios.remove(id)
      }
    },
  )
})
