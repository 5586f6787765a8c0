// A first 1000-symbol check whose details are rate-limited shows this poll's bulk figures for the
// symbols it could not detail: the note says so, not "showing cached data" (nothing was cached).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import type { JsonReport } from '../../src/main/cli/json-report'
import { universeSymbols } from '../core/tiered-helpers'
import { cli, dataDirs } from './run-cli'

const dirs = dataDirs()
let svc: LocalService
let symbols: string[] = []
beforeAll(async () => {
  svc = await startLocalService({ apiKey: 'sk-cli-bulk-0123456789', universe: 1000 })
  symbols = (await universeSymbols(svc)).slice(0, 1000)
})
afterAll(async () => {
  await svc.close()
  await dirs.cleanup()
})

describe('a first 1000-symbol check with details rate-limited', () => {
  it(
    'says the rows show this poll’s bulk figures, not cached data',
    { timeout: 120_000 },
    async () => {
      svc.faults.inject({ kind: 'status', status: 429, retryAfter: 600, match: 'asset' })
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      const args = ['check', '--base-url', svc.url, '--symbols', symbols.join(',')]
      const run = await cli([...args, '--data-dir', await dirs.make()], env)
      expect(run.stderr).not.toMatch(/showing cached data/)
      expect(run.stderr).toMatch(
        /^note: Rate-limited until [\d: -]+Z — .*could not be refreshed.*this poll’s bulk figures/m,
      )
      // One note for the one state; a few symbols named, not all 1000.
      expect(run.stderr.match(/^note: Rate-limited/gm)).toHaveLength(1)
      expect(run.stderr.length).toBeLessThan(2000)
    },
  )

  it(
    'rows on this poll’s bulk figures are not from cache: fromCache false, no “cached” in the table',
    { timeout: 240_000 },
    async () => {
      svc.faults.clear()
      svc.faults.inject({ kind: 'status', status: 429, retryAfter: 600, match: 'asset' })
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      const args = ['check', '--base-url', svc.url, '--symbols', symbols.join(',')]
      const table = await cli([...args, '--data-dir', await dirs.make()], env)
      const json = await cli([...args, '--json', '--data-dir', await dirs.make()], env)
      const report = JSON.parse(json.stdout) as JsonReport
      const failed = new Set(report.failures.map((f) => f.what))
      const standIns = report.rows.filter((r) => failed.has(r.symbol) && r.asOf !== null)
      expect(standIns.length).toBeGreaterThan(0)
      for (const r of standIns)
        expect(r).toMatchObject({ symbol: r.symbol, fromCache: false, bulkStandIn: true })
      // The failed requests say the same: what stood in was this poll's, not a cache.
      for (const f of report.failures.filter((x) => standIns.some((r) => r.symbol === x.what)))
        expect(f).toMatchObject({ fromCache: false, bulkStandIn: true })

      const rows = table.stdout.split('\n').filter((l) => failed.has(l.split(/\s+/)[0]!))
      expect(rows.length).toBe(standIns.length)
      for (const l of rows) {
        expect(l).not.toMatch(/cached/)
        expect(l).toMatch(/ \(bulk figures\) /)
      }
    },
  )
})
