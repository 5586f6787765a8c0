// The daemon delivers to contact points as the app does (the core's outbox): a real drop on the
// local service reaches a real webhook receiver once, /metrics counts it, a SIGKILL and restart
// sends nothing twice, and the webhook's token (in its URL, as Slack's) appears in no log line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { dataDirs } from '../cli/run-cli'
import { WebhookReceiver } from '../support/webhook-receiver'
import { clockFile, type ClockFile } from './clock-file'
import { get, sample, startDaemon, type RunningDaemon } from './run-daemon'

const KEY = 'lw-test-daemon-contact-key-6627'
const TOKEN = 'T0SECRET/B0SECRET/xoxDAEMON77'
const SERVICE_NOW = '2026-11-24T15:00:00Z'
const dirs = dataDirs()
let svc: LocalService
let rx: WebhookReceiver
let clock: ClockFile
let dataDir: string

beforeAll(async () => {
  svc = await startLocalService({ apiKey: KEY, now: () => new Date(SERVICE_NOW) })
  rx = await WebhookReceiver.start()
  dataDir = await dirs.make()
  clock = clockFile(dataDir, SERVICE_NOW)
})
afterAll(async () => {
  await rx?.close()
  await svc?.close()
  await dirs.cleanup()
})

const start = (): Promise<RunningDaemon> =>
  startDaemon({
    dataDir,
    baseUrl: svc.url,
    key: KEY,
    env: clock.env,
    args: [
      '--symbols',
      'TSLA,NVDA',
      '--contact-point',
      JSON.stringify({ kind: 'webhook', name: 'desk', url: `${rx.url}/hook/${TOKEN}` }),
    ],
  })

async function pollsApart(d: RunningDaemon, n: number, seconds: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    clock.advance(seconds)
    await d.polls(1)
  }
}

async function until(f: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const t0 = Date.now()
  while (!(await f())) {
    if (Date.now() - t0 > timeoutMs) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('daemon --contact-point', () => {
  it(
    'delivers a firing alert once, counts it, and sends nothing twice after SIGKILL',
    { timeout: 90_000 },
    async () => {
      svc.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 35, windowDays: 1 })
      const d = await start()
      await pollsApart(d, 4, 15 * 60)
      await until(() => rx.log.some((r) => r.body.includes('TSLA')))
      // The body's threshold is the rule's as typed (10, a magnitude); the direction says it is a drop.
      const fired = rx.log
        .map((r) => JSON.parse(r.body) as { events: Record<string, unknown>[] })
        .flatMap((b) => b.events)
        .find((e) => e.symbol === 'TSLA' && e.type === 'fired')
      expect(fired).toMatchObject({ threshold: 10, direction: 'down', unit: '%' })
      expect(fired!.value as number).toBeLessThan(-10)
      const metrics = async (): Promise<string> => (await get(`${d.url}/metrics`)).body
      await until(
        async () =>
          (sample(await metrics(), 'liquidity_watch_deliveries_total', { outcome: 'sent' }) ?? 0) >=
          1,
      )
      expect(sample(await metrics(), 'liquidity_watch_outbox_depth')).toBe(0)
      const delivered = rx.log.length
      expect(await d.stop('SIGKILL')).toBe(null)
      const again = await start()
      try {
        await pollsApart(again, 3, 15 * 60)
        expect(rx.log.length).toBe(delivered)
      } finally {
        expect(await again.stop()).toBe(0)
      }
      expect(d.output() + again.output()).not.toContain(TOKEN)
      expect(d.output() + again.output()).not.toContain('xoxDAEMON77')
    },
  )
})
