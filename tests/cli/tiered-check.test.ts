// `check` with a 1000-symbol watchlist runs the same tiered poll as the app: one bulk series
// request per asset type and a budget of details, every row with figures, and --json rows that
// say what each row rests on (fields added, none renamed or removed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JsonReport } from '../../src/main/cli/json-report'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { universeSymbols } from '../core/tiered-helpers'
import { cli, dataDirs } from './run-cli'

const dirs = dataDirs()
let svc: LocalService
let symbols: string[] = []
beforeAll(async () => {
  svc = await startLocalService({ apiKey: 'sk-cli-tiered-0123456789', universe: 1000 })
  symbols = (await universeSymbols(svc)).slice(0, 1000)
})
afterAll(async () => {
  await svc.close()
  await dirs.cleanup()
})

describe('check with 1000 symbols', () => {
  it(
    'uses the tiered poll: at most 60 requests, a row for every symbol, checkedBy and detailFetchedAt in --json',
    { timeout: 120_000 },
    async () => {
      const before = svc.stats().requests
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      const args = ['check', '--json', '--base-url', svc.url, '--symbols', symbols.join(',')]
      const run = await cli([...args, '--data-dir', await dirs.make()], env)
      expect([0, 1]).toContain(run.code)
      expect(svc.stats().requests - before).toBeLessThanOrEqual(60)
      const report = JSON.parse(run.stdout) as JsonReport
      expect(report.rows).toHaveLength(1000)
      expect(report.rows.every((r) => r.tvl !== null)).toBe(true)
      const bySeries = report.rows.filter((r) => r.checkedBy === 'series')
      const byDetail = report.rows.filter((r) => r.checkedBy === 'detail')
      expect(bySeries.length).toBeGreaterThan(900)
      expect(byDetail.length).toBeGreaterThan(0)
      for (const r of byDetail) expect(r.detailFetchedAt).toBe(r.asOf)
      for (const r of bySeries)
        expect(r).toMatchObject({ alertState: 'ok', detailFetchedAt: null, problems: [] })
      expect(run.stderr).toMatch(/note: .*every detail is at most 8 h 20 min old/)
    },
  )

  it(
    'the text output’s market block counts a large group instead of listing ~1000 tickers on one line',
    { timeout: 120_000 },
    async () => {
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      const args = ['check', '--base-url', svc.url, '--symbols', symbols.join(',')]
      const run = await cli([...args, '--data-dir', await dirs.make()], env)
      expect([0, 1]).toContain(run.code)
      const lines = run.stdout.split('\n')
      const at = lines.indexOf('Markets at the time of the data:')
      expect(at).toBeGreaterThan(0)
      const end = lines.findIndex((l, i) => i > at && !l.startsWith('  '))
      const block = lines.slice(at + 1, end === -1 ? undefined : end)
      // One readable line per group: a few names at most, never the whole list.
      for (const l of block) expect(l.length, l).toBeLessThan(200)
      const stocks = block
        .map((l) => /^ {2}(?:All|The other) (\d+) stocks: US market /.exec(l))
        .filter((m) => m !== null)
      expect(stocks).toHaveLength(1)
      expect(Number(stocks[0]![1])).toBeGreaterThan(900)
    },
  )

  it(
    'an issuer-drop rule leaves the rows it could not fetch unjudged: the coverage note still says how old a detail can get',
    { timeout: 120_000 },
    async () => {
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      // Issuer moves need each symbol's detail: nothing is screened clear on the bulk series.
      const rule = '{"kind":"issuer-drop","window":"7d","thresholdPct":20}'
      const list = symbols.slice(0, 150).join(',')
      const args = ['check', '--json', '--base-url', svc.url, '--symbols', list, '--rule', rule]
      const run = await cli([...args, '--data-dir', await dirs.make()], env)
      expect([0, 1]).toContain(run.code)
      const report = JSON.parse(run.stdout) as JsonReport
      expect(report.rows.filter((r) => r.checkedBy === 'series')).toEqual([])
      expect(report.rows.filter((r) => r.checkedBy === null).length).toBeGreaterThan(90)
      // 150 symbols, 10 oldest details a poll at least: 15 polls of 5 min.
      expect(run.stderr).toMatch(/^note: .*every detail is at most 1 h 15 min old/m)
      expect(report.notes).toContainEqual(expect.stringMatching(/every detail is at most/))
      // …and that such a rule is judged only as each symbol's turn comes.
      expect(run.stderr).toMatch(
        /^note: Other alert rules are checked on the daily figures of all 150 symbols every poll, .* Rules of kind issuer-drop need each symbol's own figures \(its issuers, its price\), .* so up to 1 h 15 min late\./m,
      )
    },
  )

  it(
    'a brief rate limit after two runs: cached figures stand in for every row, a note says so, and the run does not fail (exit 0 or 1, not 2)',
    { timeout: 180_000 },
    async () => {
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      const dir = await dirs.make()
      const args = [
        'check',
        '--json',
        '--base-url',
        svc.url,
        '--symbols',
        symbols.join(','),
        '--data-dir',
        dir,
      ]
      for (let i = 0; i < 2; i++) expect([0, 1]).toContain((await cli(args, env)).code)
      svc.faults.inject({
        kind: 'status',
        status: 429,
        retryAfter: '30',
        times: 1,
        match: 'analytics',
      })
      const run = await cli(args, env)
      svc.faults.clear()
      const report = JSON.parse(run.stdout) as JsonReport
      expect(report.rows.filter((r) => r.tvl === null).map((r) => r.symbol)).toEqual([])
      // The app's words for the state (shared/link-state.ts): the figures shown are from before.
      expect(run.stderr).toMatch(/^note: Rate-limited until .* — showing data from /m)
      expect([0, 1], run.stderr).toContain(run.code)
    },
  )
})
