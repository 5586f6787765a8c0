// A concentration rule has two limits, the largest share and the HHI: an alert names the one that
// breached, and its value/threshold in `check --json` are that limit's (issue 19 item 4).
import { describe, expect, it } from 'vitest'
import type { JsonReport } from '../../src/main/cli/json-report'
import type { LocalService } from '../../src/dev-service/server'
import { cli, serviceForFile } from './run-cli'

const T = 120_000
let svc: LocalService
const dirs = serviceForFile('sk-cli-conc-0123456789', (s) => (svc = s))

describe('concentration limits', () => {
  it(
    'an alert over its HHI limit only leads with the HHI, and value/threshold are the HHI and its limit',
    { timeout: T },
    async () => {
      const dir = await dirs.make()
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      // The largest issuer's share stays well within 99 %; the HHI (thousands) is over 100.
      const condition = { kind: 'concentration', by: 'issuer', maxSharePct: 99, maxHhi: 100 }
      const args = ['check', '--base-url', svc.url, '--symbols', 'TSLA', '--data-dir', dir]
      args.push('--rule', JSON.stringify(condition))
      expect((await cli([...args, '--json'], env)).code).toBe(0)
      const second = await cli([...args, '--json'], env)
      expect(second.code).toBe(1)
      const doc = JSON.parse(second.stdout) as JsonReport
      const fired = doc.events.find((e) => e.type === 'fired')!
      expect(fired.threshold).toBe(100)
      expect(fired.value).toBeGreaterThan(100)
      expect(fired.unit).toBe('hhi')
      expect(fired.message).toMatch(
        /^TSLA: issuer HHI [\d,]+ \((moderately |highly )?concentrated\), above its limit of 100; largest issuer \w+ holds [\d.]+ % of TVL \(limit 99\.0 %\)/,
      )
      // The table says the same sentence (a second data dir: its second run fires too).
      const other = ['check', '--base-url', svc.url, '--symbols', 'TSLA', '--data-dir']
      other.push(await dirs.make(), '--rule', JSON.stringify(condition))
      await cli(other, env)
      const table = await cli(other, env)
      expect(table.stdout).toContain(fired.message)
    },
  )

  it(
    'an alert over its share limit leads with the share, and value/threshold are the share and its limit',
    { timeout: T },
    async () => {
      const dir = await dirs.make()
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      const condition = { kind: 'concentration', by: 'issuer', maxSharePct: 5, maxHhi: 9999 }
      const args = ['check', '--json', '--base-url', svc.url, '--symbols', 'TSLA']
      args.push('--data-dir', dir, '--rule', JSON.stringify(condition))
      await cli(args, env)
      const doc = JSON.parse((await cli(args, env)).stdout) as JsonReport
      const fired = doc.events.find((e) => e.type === 'fired')!
      expect(fired.threshold).toBe(5)
      expect(fired.value).toBeGreaterThan(5)
      expect(fired.value).toBeLessThanOrEqual(100)
      expect(fired.message).toMatch(/^TSLA: issuer \w+ holds [\d.]+ % of TVL \(limit 5\.0 %\)/)
    },
  )
})
