// Through a crash and an outage, on the daemon's own clock moved by the test (clock-file.ts):
// SIGKILL then restart loses nothing and sends no alert twice; the service down for an hour makes
// /readyz say not ready and /metrics say why, and its return brings no storm of alerts.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { dataDirs } from '../cli/run-cli'
import { clockFile, type ClockFile } from './clock-file'
import { get, sample, startDaemon, type RunningDaemon } from './run-daemon'

const KEY = 'lw-test-daemon-restart-key-3391'
const SERVICE_NOW = '2026-11-24T15:00:00Z'
const dirs = dataDirs()
let svc: LocalService
let dataDir: string
let clock: ClockFile

/** Notifications the daemon decided for the symbol, as its notification log holds them. */
function sentFor(symbol: string): number {
  const text = readFileSync(join(dataDir, 'notification-log.json'), 'utf8')
  return (text.match(new RegExp(`"symbol":\\s*"${symbol}"`, 'g')) ?? []).length
}

/** Polls `n` times, the daemon's clock `seconds` further before each. */
async function pollsApart(d: RunningDaemon, n: number, seconds: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    clock.advance(seconds)
    await d.polls(1)
  }
}

const start = (): Promise<RunningDaemon> =>
  startDaemon({
    dataDir,
    baseUrl: svc.url,
    key: KEY,
    args: ['--symbols', 'TSLA,NVDA'],
    env: clock.env,
  })

const metric = async (d: RunningDaemon, name: string, labels: Record<string, string> = {}) =>
  sample((await get(`${d.url}/metrics`)).body, name, labels)

beforeAll(async () => {
  svc = await startLocalService({ apiKey: KEY, now: () => new Date(SERVICE_NOW) })
  dataDir = await dirs.make()
  clock = clockFile(dataDir, SERVICE_NOW)
  svc.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 35, windowDays: 1 })
})
afterAll(async () => {
  await svc?.close()
  await dirs.cleanup()
})

describe('daemon through a crash and an outage', () => {
  it('SIGKILL then restart: nothing lost, no alert sent twice', { timeout: 90_000 }, async () => {
    const d = await start()
    await pollsApart(d, 4, 15 * 60)
    expect(await metric(d, 'liquidity_watch_alert_state', { symbol: 'TSLA' })).toBe(2)
    const sent = sentFor('TSLA')
    expect(sent).toBeGreaterThan(0)
    expect(await d.stop('SIGKILL')).toBe(null)
    const again = await start()
    try {
      await pollsApart(again, 4, 15 * 60)
      // Still firing from the saved state, and not notified again.
      expect(await metric(again, 'liquidity_watch_alert_state', { symbol: 'TSLA' })).toBe(2)
      expect(sentFor('TSLA')).toBe(sent)
      expect(sentFor('NVDA')).toBe(0)
    } finally {
      expect(await again.stop()).toBe(0)
    }
  })

  it(
    'the service down for an hour: not ready, metrics say why, no storm on recovery',
    { timeout: 90_000 },
    async () => {
      const d = await start()
      try {
        await pollsApart(d, 2, 15 * 60)
        const sent = sentFor('TSLA')
        const down = svc.faults.inject({ kind: 'status', status: 503 })
        // An hour of the daemon's time, polled every 15 minutes (each failing poll retries first).
        await pollsApart(d, 4, 15 * 60)
        const ready = await get(`${d.url}/readyz`)
        expect(ready.status).toBe(503)
        const body = JSON.parse(ready.body) as { ready: boolean; reason: string; lastError: string }
        expect(body.ready).toBe(false)
        expect(body.reason).toMatch(/^no poll has succeeded for \d+ s/)
        expect(body.lastError).toMatch(/503|unavailable|service/i)
        expect(await metric(d, 'liquidity_watch_last_poll_ok')).toBe(0)
        expect(
          await metric(d, 'liquidity_watch_poll_failed_requests', { kind: 'server' }),
        ).toBeGreaterThan(0)
        // Cached figures stand in: the TVL is still there.
        expect(await metric(d, 'liquidity_watch_tvl_usd', { symbol: 'NVDA' })).toBeGreaterThan(0)
        svc.faults.remove(down)
        await pollsApart(d, 3, 5 * 60)
        expect((await get(`${d.url}/readyz`)).status).toBe(200)
        expect(await metric(d, 'liquidity_watch_last_poll_ok')).toBe(1)
        // The drop that fired before the outage is not sent again; nothing new fired.
        expect(sentFor('TSLA')).toBe(sent)
        expect(sentFor('NVDA')).toBe(0)
      } finally {
        expect(await d.stop()).toBe(0)
      }
    },
  )
})
