// A real drop in the local service reaches a real Alertmanager's webhook receiver exactly once, and
// its recovery once too: `check --contact-point '{"kind":"alertmanager",…}'` through the outbox and
// the real Alertmanager channel. Alertmanager runs on the wall clock while this suite runs at a
// pinned instant, so the channel is handed Alertmanager's clock (its Date header), as a receiver's,
// and the message's time moved onto it.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LocalService } from '../../src/dev-service/server'
import type { JsonReport } from '../../src/main/cli/json-report'
import { runCheck } from '../../src/main/cli/check'
import { parseContactPointFlag } from '../../src/main/cli/contact-point-flag'
import { channelFor } from '../../src/main/engine/delivery/channels/registry'
import type { Channel } from '../../src/main/engine/delivery/model'
import type { ContactPointKind } from '../../src/shared/contact-points'
import { defaultSettings } from '../../src/shared/settings-schema'
import { startAlertmanager, type RunningAlertmanager } from '../engine/delivery/alertmanager-server'
import { startReceiver, type Receiver } from '../engine/delivery/receiver'
import { serviceForFile } from './run-cli'

const KEY = 'sk-cli-test-alertmanager-0123'
let svc: LocalService
let rx: Receiver
let am: RunningAlertmanager
const dirs = serviceForFile(KEY, (s) => (svc = s))
beforeAll(async () => {
  rx = await startReceiver()
  am = await startAlertmanager(`${rx.url}/am`)
}, 30_000)
afterAll(async () => {
  await am?.stop()
  await rx?.close()
})

/**
 * The real channels, the Alertmanager's on Alertmanager's clock: its now, and the message's time
 * (startsAt) moved from the suite's clock onto it, or a suite run after the wall date posts an
 * alert that starts after it ends (Alertmanager: 400, "start time must be before end time").
 */
function channels(kind: ContactPointKind): Channel | null {
  const real = channelFor(kind)
  if (kind !== 'alertmanager' || real === null) return real
  return {
    kind,
    send: (m, p, ctx) => {
      const createdAt = new Date(Date.parse(m.createdAt) + am.now().getTime() - Date.now())
      return real.send({ ...m, createdAt: createdAt.toISOString() }, p, {
        ...ctx,
        now: () => am.now(),
      })
    },
  }
}

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
          JSON.stringify({ kind: 'alertmanager', url: am.url }),
          env,
        ),
      ],
      channels,
    },
    { out: (t) => out.push(t), err: () => undefined, env },
  )
  return JSON.parse(out.join('\n')) as JsonReport
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
        // Still firing: nothing new is sent.
        expect((await check(dir)).deliveries).toEqual([])

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
