// `backtest` as a user runs it: a child process against the local service over real HTTP, whose
// known-drops year makes the episodes known in advance (tests/service/known-year.ts).
import { afterEach, describe, expect, it } from 'vitest'
import type { BacktestJson } from '../../src/main/cli/backtest'
import type { LocalService } from '../../src/dev-service/server'
import { knownYearEpisodes, scriptKnownYear } from '../service/known-year'
import { cli, serviceForFile } from './run-cli'

const T = 90_000
let svc: LocalService
const dirs = serviceForFile('sk-cli-backtest-0123456789', (s) => (svc = s))
afterEach(() => svc.scenarios.clear())

const run = async (args: string[]) =>
  cli(['backtest', '--base-url', svc.url, '--data-dir', await dirs.make(), ...args], {
    LIQUIDITY_API_KEY: svc.apiKey,
  })

describe('cli backtest', () => {
  it(
    '--json: the known drops on TSLA, none on NVDA; exit 1 (would have fired)',
    { timeout: T },
    async () => {
      scriptKnownYear(svc, Date.now())
      const r = await run(['--symbols', 'TSLA,NVDA', '--json'])
      expect(r.stderr).toBe('')
      expect(r.code).toBe(1)
      const doc = JSON.parse(r.stdout) as BacktestJson
      expect(Object.keys(doc)).toEqual(['results', 'days', 'condition', 'rule', 'errors'])
      // What was tested, as JSON a script can read back (the default 7-day drop rule's condition).
      expect(doc.rule).toEqual({
        kind: 'tvl-change',
        window: '7d',
        direction: 'down',
        thresholdPct: 10,
      })
      expect(doc.results.map((x) => x.symbol)).toEqual(['TSLA', 'NVDA'])
      const tsla = doc.results[0]!
      expect(Object.keys(tsla)).toEqual(['symbol', 'episodes', 'tested', 'note'])
      expect(tsla.episodes.map(({ start, end }) => ({ start, end }))).toEqual(
        knownYearEpisodes(Date.now()),
      )
      for (const e of tsla.episodes) {
        expect(Object.keys(e)).toEqual(['start', 'end', 'worstPct'])
        expect(e.start).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      }
      expect(tsla.episodes.map((e) => Math.round(e.worstPct))).toEqual([-30, -18, -25])
      // To hundredths: no float noise like −29.999999999999996 for a script to trip on.
      for (const e of tsla.episodes) expect(Math.round(e.worstPct * 100)).toBe(e.worstPct * 100)
      expect(doc.results[1]).toEqual({ symbol: 'NVDA', episodes: [], tested: true, note: null })
      expect(doc).toMatchObject({ days: 365, errors: [] })
    },
  )

  it(
    'the human sentence names the dates; a rule that never fires exits 0',
    { timeout: T },
    async () => {
      scriptKnownYear(svc, Date.now())
      const [a, b, c] = knownYearEpisodes(Date.now())
      const r = await run(['--symbols', 'TSLA,NVDA'])
      expect(r.code).toBe(1)
      expect(r.stdout).toContain(
        `Would have fired 3 times on TSLA (${a!.start} – ${a!.end}: worst −30.0 %, ${b!.start} – ${b!.end}: worst −18.0 %, ${c!.start} – still open: worst −25.0 %), never on NVDA.`,
      )
      expect(r.stdout).toMatch(/^Tested: 7-day TVL drop of 10\.0 % or more, on 2 days in a row/m)
      // A 40 % floor under the level never breaks on these drops; --days cuts the series.
      const rule = JSON.stringify({
        kind: 'tvl-change',
        window: '7d',
        direction: 'down',
        thresholdPct: 40,
      })
      const never = await run(['--symbols', 'TSLA,NVDA', '--rule', rule, '--days', '90'])
      expect(never.code).toBe(0)
      expect(never.stdout).toContain('Would never have fired on TSLA and NVDA.')
      expect(never.stdout).toContain('over the last 90 days')
    },
  )

  it(
    'a bad --rule or --days: a plain error, the usage, exit 2, nothing asked of the service',
    { timeout: T },
    async () => {
      const help = await cli(['backtest', '--help'])
      expect(help.code).toBe(0)
      expect(help.stdout).toContain('liquidity-watch backtest [--symbols TSLA,NVDA] [--rule JSON]')
      expect(help.stdout).toMatch(/Exit codes: 0 would never have fired, 1 would have fired/)
      // What can be tested, from the kinds' registry: volume-change too, and why the others cannot.
      expect(help.stdout).toMatch(/^ +volume-change +'\{"kind":"volume-change",/m)
      expect(help.stdout).toMatch(/^ +tvl-below +'\{"kind":"tvl-below",/m)
      expect(help.stdout).toMatch(/issuer-drop: it needs each issuer’s TVL, and the daily series/)
      expect(help.stdout).not.toMatch(/the daily series has only totals\)/)
      const before = svc.requestLog().length
      for (const [args, says] of [
        [['--rule', '{kind:'], /--rule is not valid JSON/],
        [
          ['--rule', '{"kind":"tvl-change","window":"9d","direction":"down","thresholdPct":10}'],
          /--rule: .*window/,
        ],
        [['--rule', '{"kind":"tvl-below","amount":-5}'], /--rule: .*amount/],
        [['--days', '400'], /--days expects a whole number of days from 1 to 365/],
      ] as const) {
        const r = await run(['--symbols', 'TSLA', ...args])
        expect(r.code, args.join(' ')).toBe(2)
        expect(r.stderr).toMatch(new RegExp(`^error: ${says.source}`))
        expect(r.stderr.trim().split('\n')).toEqual([
          expect.stringMatching(new RegExp(`^error: ${says.source}`)),
          'Run "liquidity-watch backtest --help" for its options.',
        ])
        expect(r.stdout).toBe('')
      }
      // A condition the daily series cannot answer is refused too, in words.
      const conc = await run([
        '--symbols',
        'TSLA',
        '--json',
        '--rule',
        '{"kind":"concentration","by":"issuer","maxSharePct":50}',
      ])
      expect(conc.code).toBe(2)
      expect(conc.stderr).toMatch(
        /^error: A "concentration" condition cannot be tested on the service's daily series because/m,
      )
      expect((JSON.parse(conc.stdout) as BacktestJson).results).toEqual([])
      expect(svc.requestLog().length).toBe(before)
    },
  )

  it(
    '--json on an argument error still carries every documented key, and the rule when it parsed',
    { timeout: T },
    async () => {
      const bad = await run(['--symbols', 'TSLA', '--json', '--rule', '{kind:'])
      expect(bad.code).toBe(2)
      const doc = JSON.parse(bad.stdout) as BacktestJson
      expect(Object.keys(doc)).toEqual(['results', 'days', 'condition', 'rule', 'errors'])
      expect(doc).toMatchObject({ results: [], days: 365, condition: null, rule: null })
      expect(doc.errors).toEqual([expect.stringMatching(/^--rule is not valid JSON/)])
      // A bad --days with a good --rule: the rule is given back, the days are not known.
      const floor = { kind: 'tvl-below', amount: 5_000_000 }
      const days = await run(['--json', '--rule', JSON.stringify(floor), '--days', '0'])
      expect(days.code).toBe(2)
      expect(JSON.parse(days.stdout)).toMatchObject({ days: null, rule: floor, condition: null })
    },
  )

  it(
    'an unknown symbol is said on stderr and in its result; the others are still tested; exit 2',
    { timeout: T },
    async () => {
      scriptKnownYear(svc, Date.now())
      const r = await run(['--symbols', 'NVDA,NOPE', '--json'])
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(/^error: .*NOPE/m)
      const doc = JSON.parse(r.stdout) as BacktestJson
      expect(doc.results[0]).toMatchObject({ symbol: 'NVDA', tested: true, episodes: [] })
      expect(doc.results[1]).toMatchObject({ symbol: 'NOPE', tested: false, episodes: [] })
      expect(doc.results[1]!.note).toMatch(/NOPE/)
      expect(doc.errors).toEqual([expect.stringMatching(/NOPE/)])
    },
  )

  it(
    'an unknown symbol: the app’s own sentence names it, and the summary says it was not tested',
    { timeout: T },
    async () => {
      const r = await run(['--symbols', 'FOO,TSLA'])
      expect(r.code).toBe(2)
      // The app's words, not only the service's body, say which symbol the 404 is about.
      expect(r.stderr).toMatch(/^error: The service has no stock analytics for FOO \(404\)\./m)
      expect(r.stdout).toContain(
        'Would never have fired on TSLA; FOO (unknown to the service) could not be tested.',
      )
    },
  )

  it(
    'too few --days for the window says so as the request’s doing, not the service’s',
    { timeout: T },
    async () => {
      scriptKnownYear(svc, Date.now())
      const r = await run(['--symbols', 'TSLA', '--days', '5', '--json'])
      expect(r.code).toBe(2)
      const doc = JSON.parse(r.stdout) as BacktestJson
      expect(doc.results[0]).toMatchObject({ symbol: 'TSLA', tested: false })
      expect(doc.results[0]!.note).toMatch(
        /^5 days of history is too short for this condition: ask for at least 8/,
      )
      expect(doc.results[0]!.note).not.toMatch(/The service has only/)
    },
  )

  it(
    'volume-change: the known volume drop on NVDA, as dates (the daily series carries volume)',
    { timeout: T },
    async () => {
      const midnight = Math.floor(Date.now() / 86_400_000) * 86_400_000
      const daysAgo = (d: number): number => midnight - d * 86_400_000
      const day = (d: number): string => new Date(daysAgo(d)).toISOString().slice(0, 10)
      svc.scenarios.add({ kind: 'known-drops', symbol: 'NVDA', drops: [] })
      // Days 60 to 51 before today trade 60 % less (each past day is read at its midnight).
      svc.scenarios.add({
        kind: 'volume-collapse',
        symbol: 'NVDA',
        pct: 60,
        from: daysAgo(60),
        days: 10,
      })
      const rule = JSON.stringify({ kind: 'volume-change', direction: 'down', thresholdPct: 50 })
      const r = await run(['--symbols', 'NVDA', '--rule', rule, '--json'])
      expect(r.stderr).toBe('')
      expect(r.code).toBe(1)
      const doc = JSON.parse(r.stdout) as BacktestJson
      expect(doc.rule).toEqual({
        kind: 'volume-change',
        direction: 'down',
        thresholdPct: 50,
        baselineDays: 30,
      })
      // Confirmed on its 2nd day; day 50 is back at the steady volume (+25 % on the lowered average).
      const nvda = doc.results[0]!
      expect(nvda.episodes.map(({ start, end }) => ({ start, end }))).toEqual([
        { start: day(59), end: day(50) },
      ])
      expect(Math.round(nvda.episodes[0]!.worstPct)).toBe(-60)
      const human = await run(['--symbols', 'NVDA', '--rule', rule])
      expect(human.stdout).toMatch(
        /^Tested: daily trading volume drop of 50\.0 % or more against its 30-day average, on 2 days in a row/m,
      )
      // The series tested is the one the sentence names, not "daily TVL".
      expect(human.stdout).not.toMatch(/daily TVL/)
      expect(human.stdout).toMatch(/, over the last 365 days of the service’s daily series\.$/m)
    },
  )
})
