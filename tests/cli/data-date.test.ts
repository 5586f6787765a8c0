// `check` says how old the service's own data is: frozen GOLD from 3 days ago is not "as of today".
import { describe, expect, it } from 'vitest'
import type { JsonReport } from '../../src/main/cli/json-report'
import type { LocalService } from '../../src/dev-service/server'
import { cli, serviceForFile } from './run-cli'

const T = 90_000
const DAY = 86_400_000
let svc: LocalService
const dirs = serviceForFile('sk-cli-date-0123456789', (s) => (svc = s))

describe('check and the data date', () => {
  it(
    'JSON rows carry dataDate and sourceStale beside stale; the table names the data date',
    { timeout: T },
    async () => {
      const asOf = Date.now() - 3 * DAY
      const day = new Date(asOf).toISOString().slice(0, 10)
      svc.scenarios.add({ kind: 'frozen', symbol: 'GOLD', asOf })
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      const base = ['check', '--base-url', svc.url, '--symbols', 'GOLD,TSLA']
      const json = await cli([...base, '--json', '--data-dir', await dirs.make()], env)
      const report = JSON.parse(json.stdout) as JsonReport
      const gold = report.rows.find((r) => r.symbol === 'GOLD')!
      expect(gold).toMatchObject({
        dataDate: day,
        sourceStale: true,
        stale: false,
        alertState: 'stale',
      })
      const tsla = report.rows.find((r) => r.symbol === 'TSLA')!
      expect(tsla).toMatchObject({ sourceStale: false, stale: false })
      expect(tsla.dataDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)

      const table = await cli([...base, '--data-dir', await dirs.make()], env)
      expect(table.stdout).toMatch(new RegExp(`^GOLD\\s.*data from ${day}`, 'm'))
      expect(table.stdout).not.toMatch(/^TSLA\s.*data from/m)
    },
  )
})
