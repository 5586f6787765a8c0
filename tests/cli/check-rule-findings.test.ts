// `check --rule` at its bounds, and the findings rows carry for rules it judges (check-rule.test.ts:
// the rule itself).
import { describe, expect, it } from 'vitest'
import type { JsonReport } from '../../src/main/cli/json-report'
import type { LocalService } from '../../src/dev-service/server'
import { cli, serviceForFile } from './run-cli'

const T = 120_000
let svc: LocalService
const dirs = serviceForFile('sk-cli-rule-0123456789', (s) => (svc = s))

describe('check --rule bounds', () => {
  it(
    'an amount beyond any real market, or a threshold of zero: refused in plain words, exit 2',
    { timeout: T },
    async () => {
      const huge = await cli(['check', '--rule', '{"kind":"tvl-below","amount":1e308}'])
      expect(huge.code).toBe(2)
      expect(huge.stderr).toMatch(
        /^error: --rule 1: amount is 1e\+308; it can be at most 1,000,000,000,000,000\./m,
      )
      const zero = await cli([
        'check',
        '--rule',
        '{"kind":"tvl-change","window":"7d","direction":"down","thresholdPct":0}',
      ])
      expect(zero.code).toBe(2)
      expect(zero.stderr).toMatch(/^error: --rule 1: thresholdPct should be above zero but is 0\./m)
      expect(zero.stderr).not.toMatch(/below zero/)
    },
  )
  it(
    'a known kind with a value out of range says which value and its bound, not that the kind is unknown',
    { timeout: T },
    async () => {
      const huge = await cli(['check', '--rule', '{"kind":"tvl-below","amount":1e308}'])
      expect(huge.code).toBe(2)
      expect(huge.stderr).toMatch(
        /^error: --rule 1: amount is 1e\+308; it can be at most 1,000,000,000,000,000\.$/m,
      )
      expect(huge.stderr).not.toMatch(/not a condition Liquidity Watch knows/)
      // An unknown kind is still said so, with the kinds there are.
      const unknown = await cli(['check', '--rule', '{"kind":"tvl-jump"}'])
      expect(unknown.stderr).toMatch(
        /not a condition Liquidity Watch knows: kind .*Condition kinds:/,
      )
    },
  )
})

describe('row findings', () => {
  it(
    '--json rows carry findings (pool changes since the last check, HHI); the table prints them',
    { timeout: T },
    async () => {
      const dir = await dirs.make()
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      const args = ['check', '--base-url', svc.url, '--symbols', 'TSLA', '--data-dir', dir]
      const first = JSON.parse((await cli([...args, '--json'], env)).stdout) as JsonReport
      // A first check has nothing to compare pools with (nor history to split flow from price, or
      // to tell an issuer migration from an exit);
      // the market session of its data is always said, and
      // concentration is always said.
      expect(first.rows[0]!.findings).toEqual([
        expect.stringMatching(/^market at the data's time: US market \w/),
        expect.stringMatching(/^7-day flow vs price: not enough history/),
        expect.stringMatching(/^issuers over 7 days: not enough history of each issuer's TVL/),
        expect.stringMatching(
          /^issuer concentration: HHI [\d,]+ \((un|moderately |highly )concentrated\), largest \w+ with [\d.]+ % of 5 issuers$/,
        ),
        expect.stringMatching(
          /^network concentration: HHI [\d,]+ \(.*concentrated\), largest \w+ with [\d.]+ % of \d+ networks$/,
        ),
      ])
      expect(first.rows[0]!.problems).toEqual([])
      const id = svc.scenarios.add({
        kind: 'pool-loss',
        symbol: 'TSLA',
        network: 'gnosis',
        pools: 1,
      })
      try {
        const second = await cli(args, env)
        expect(second.stdout).toMatch(/^Findings:$/m)
        expect(second.stdout).toMatch(
          /^ {2}TSLA: pools on gnosis: 1 → 0 since the last check \(\d\d:\d\d\)$/m,
        )
        expect(second.stdout).toMatch(/^ {2}TSLA: issuer concentration: HHI /m)
        const third = JSON.parse((await cli([...args, '--json'], env)).stdout) as JsonReport
        // Compared with the last check, which already had the loss: nothing changed since.
        expect(third.rows[0]!.findings.filter((f) => f.startsWith('pools'))).toEqual([])
      } finally {
        svc.scenarios.remove(id)
      }
    },
  )

  it(
    'an issuer missing from the data is not told as pools lost (nor gained when it returns)',
    { timeout: T },
    async () => {
      const dir = await dirs.make()
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      const args = [
        'check',
        '--json',
        '--base-url',
        svc.url,
        '--symbols',
        'TSLA',
        '--data-dir',
        dir,
      ]
      const pools = (doc: JsonReport): string[] =>
        doc.rows[0]!.findings.filter((f) => f.startsWith('pools'))
      expect((await cli(args, env)).code).toBe(0)
      const id = svc.scenarios.add({ kind: 'issuer-missing', symbol: 'TSLA', issuer: 'Backed' })
      try {
        const gone = JSON.parse((await cli(args, env)).stdout) as JsonReport
        expect(pools(gone)).toEqual([
          'pools are not compared with the last check while issuer Backed is missing from the data',
        ])
      } finally {
        svc.scenarios.remove(id)
      }
      const back = JSON.parse((await cli(args, env)).stdout) as JsonReport
      expect(pools(back).filter((f) => f.includes('→'))).toEqual([])
    },
  )
})
