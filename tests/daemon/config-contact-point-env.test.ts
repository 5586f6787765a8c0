// A contact point defined in the daemon's --config file delivers on a server: its webhook address
// comes from the environment variable the file names (urlEnv), never from the file. Without that
// variable the message is not silently parked: the daemon says so once in its log, and /metrics
// counts it as a failed delivery attempt.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { configFromSettings, formatConfig } from '../../src/main/config'
import { defaultSettings } from '../../src/shared/settings-schema'
import { dataDirs } from '../cli/run-cli'
import { WebhookReceiver } from '../support/webhook-receiver'
import { clockFile } from './clock-file'
import { get, sample, startDaemon, type RunningDaemon } from './run-daemon'

const KEY = 'lw-test-daemon-cp-env-key-4412'
const TOKEN = 'T0ENV/B0ENV/xoxCONFIGENV55'
const ENV = 'LW_TEST_HOOK_URL'
/** The service's instant, and the daemon's at its start: the test holds whatever LW_TEST_NOW is. */
const SERVICE_NOW = '2026-11-24T15:00:00Z'
const dirs = dataDirs()
let svc: LocalService
let rx: WebhookReceiver

beforeAll(async () => {
  svc = await startLocalService({ apiKey: KEY, now: () => new Date(SERVICE_NOW) })
  svc.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 35, windowDays: 1 })
  rx = await WebhookReceiver.start()
})
afterAll(async () => {
  await rx?.close()
  await svc?.close()
  await dirs.cleanup()
})

function configText(): string {
  const doc = configFromSettings({ ...defaultSettings(), watchlist: ['TSLA', 'NVDA'] })
  const hook = {
    id: 'hook',
    name: 'Hook',
    kind: 'webhook',
    format: 'json',
    urlEnv: ENV,
    enabled: true,
    isDefault: true,
    minSeverity: 'info',
    quietHours: null,
    template: { title: null, body: null },
  }
  return formatConfig({ ...doc, contactPoints: [hook] } as typeof doc, 'yaml')
}

async function run(env: Record<string, string | undefined>): Promise<RunningDaemon> {
  const dataDir = await dirs.make()
  const clock = clockFile(dataDir, SERVICE_NOW)
  const file = join(dataDir, '..', `lw-cp-env-${process.pid}-${Date.now()}.yaml`)
  writeFileSync(file, configText())
  const d = await startDaemon({
    dataDir,
    baseUrl: svc.url,
    key: KEY,
    env: { ...clock.env, ...env },
    args: ['--config', file],
  })
  for (let i = 0; i < 4; i++) {
    clock.advance(15 * 60)
    await d.polls(1)
  }
  return d
}

async function until(f: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const t0 = Date.now()
  while (!(await f())) {
    if (Date.now() - t0 > timeoutMs) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('daemon --config: a contact point naming urlEnv', () => {
  it('sends to the address in that environment variable', { timeout: 90_000 }, async () => {
    const d = await run({ [ENV]: `${rx.url}/hook/${TOKEN}` })
    try {
      await until(() => rx.log.some((r) => r.path.includes('/hook/') && r.body.includes('TSLA')))
    } finally {
      expect(await d.stop()).toBe(0)
    }
    expect(d.output()).not.toContain('xoxCONFIGENV55')
  })

  it(
    'without the variable: logged once in plain words and counted as failed',
    {
      timeout: 90_000,
    },
    async () => {
      const d = await run({ [ENV]: undefined })
      try {
        const said = await d.waitFor((l) => l.msg.includes(ENV))
        expect(said.msg).toContain(`the environment variable ${ENV} (urlEnv) is not set`)
        expect(said.msg).toContain('hook')
        await until(
          async () =>
            (sample(
              (await get(`${d.url}/metrics`)).body,
              'liquidity_watch_delivery_failures_total',
            ) ?? 0) >= 1,
        )
        expect(d.lines().filter((l) => l.msg.includes(ENV))).toHaveLength(1)
      } finally {
        expect(await d.stop()).toBe(0)
      }
    },
  )
})
