// check's rows say whether each underlying's market was open at the time of the data: a
// `marketSession` field in --json (added, nothing renamed) and a plain-words block in the text.
import { afterAll, describe, expect, it } from 'vitest'
import type { JsonReport } from '../../src/main/cli/json-report'
import { marketSession } from '../../src/shared/market-hours'
import { cli, dataDirs } from './run-cli'

const T = 90_000
const dirs = dataDirs()
afterAll(() => dirs.cleanup())

describe('check and market hours', () => {
  it('--json rows carry marketSession at their data time', { timeout: T }, async () => {
    const r = await cli([
      'check',
      '--json',
      '--symbols',
      'TSLA,GOLD',
      '--data-dir',
      await dirs.make(),
    ])
    expect(r.code).toBe(0)
    const report = JSON.parse(r.stdout) as JsonReport
    expect(report.rows).toHaveLength(2)
    for (const row of report.rows) {
      expect(row.asOf).not.toBeNull()
      // The session is the shared module's for the row's own data time (not the run's "now").
      const expected = marketSession(row, new Date(row.asOf!))
      expect(row.marketSession).toEqual(expected)
    }
    expect(report.rows[0]!.marketSession!.market).toBe('us-equities')
    expect(report.rows[1]!.marketSession!.market).toBe('cme-metals')
  })

  it('the table is followed by each market’s state in words', { timeout: T }, async () => {
    const r = await cli(['check', '--symbols', 'TSLA,NVDA,GOLD', '--data-dir', await dirs.make()])
    expect(r.code).toBe(0)
    const lines = r.stdout.split('\n')
    const at = lines.indexOf('Markets at the time of the data:')
    expect(at).toBeGreaterThan(0)
    const block = lines.slice(at + 1, at + 3)
    expect(block).toEqual([
      expect.stringMatching(
        /^ {2}TSLA and NVDA: US market (open|closed|pre-market|after hours|hours unknown)/,
      ),
      expect.stringMatching(/^ {2}GOLD: CME metals market /),
    ])
    // Said once, grouped by market: not again per symbol among the findings (--json keeps it).
    expect(lines.filter((l) => /market at the data's time/.test(l))).toEqual([])
  })
})
