// A contact point imported from a config file names its webhook address's environment variable
// (urlEnv). `check` run without that variable does not park the message silently: --json lists
// the delivery with its lastError saying which variable is not set.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { LocalService } from '../../src/dev-service/server'
import type { JsonReport } from '../../src/main/cli/json-report'
import { configFromSettings, formatConfig } from '../../src/main/config'
import { defaultSettings } from '../../src/shared/settings-schema'
import { cli, serviceForFile } from './run-cli'

const KEY = 'sk-cli-test-cp-env-0123456789'
const ENV = 'LW_TEST_CHECK_HOOK_URL'
let svc: LocalService
const dirs = serviceForFile(KEY, (s) => (svc = s))

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

async function check(dir: string): Promise<JsonReport> {
  const args = ['check', '--json', '--base-url', svc.url, '--symbols', 'TSLA,NVDA']
  const r = await cli([...args, '--data-dir', dir], { LIQUIDITY_API_KEY: KEY, [ENV]: '' })
  return JSON.parse(r.stdout) as JsonReport
}

describe('check with a config-file contact point naming urlEnv', () => {
  it(
    'without the variable: --json lists the delivery and why it was not sent',
    {
      timeout: 90_000,
    },
    async () => {
      const dir = await dirs.make()
      const file = join(dir, 'lw.json')
      const doc = configFromSettings(defaultSettings())
      await writeFile(file, formatConfig({ ...doc, contactPoints: [hook] } as typeof doc, 'json'))
      const imported = await cli(['config', 'import', file, '--data-dir', dir])
      expect(imported.stderr).toBe('')
      const id = svc.scenarios.add({ kind: 'tvl-drop', symbol: 'NVDA', pct: 35, windowDays: 1 })
      try {
        await check(dir)
        const second = await check(dir)
        expect(second.deliveries).toEqual([
          expect.objectContaining({
            contactPoint: 'hook',
            kind: 'webhook',
            status: 'queued',
            attempts: expect.any(Number),
            lastError: expect.stringContaining(
              `the environment variable ${ENV} (urlEnv) is not set`,
            ),
          }),
        ])
      } finally {
        svc.scenarios.remove(id)
      }
    },
  )
})
