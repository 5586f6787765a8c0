// The CLI's help and argument errors: what a user typing at a terminal, or a script, sees.
import { describe, expect, it } from 'vitest'
import { cli } from './run-cli'

const T = 60_000

describe('cli usage', () => {
  it('`check --help` and `--help` print usage on stdout and exit 0', { timeout: T }, async () => {
    for (const args of [['check', '--help'], ['check', '-h'], ['--help'], ['help']]) {
      const r = await cli(args)
      expect(r.code, args.join(' ')).toBe(0)
      expect(r.stdout).toMatch(/^Usage:/m)
      expect(r.stdout).toContain('liquidity-watch check')
      // serve's line lists every option the service takes (in the whole usage; check's help is check's).
      if (args[0] !== 'check')
        expect(r.stdout).toMatch(/liquidity-watch serve .*\[--host .*\[--universe N\]/)
      expect(r.stderr).toBe('')
    }
  })

  it(
    'an argument error is one plain line and one line saying where the help is, on stderr (exit 2)',
    { timeout: T },
    async () => {
      const checkHelp = 'Run "liquidity-watch check --help" for its options.'
      for (const [args, error] of [
        [
          ['check', '--jsn'],
          'error: unknown option --jsn; check takes --json, --base-url, --demo, --symbols, --data-dir, --rule, --contact-point, --verbose, --help, --help-conditions',
        ],
        [['check', '--symbols'], 'error: --symbols needs a value after it'],
        [['check', '--json=yes'], 'error: --json takes no value'],
        [
          ['check', 'TSLA'],
          'error: unexpected "TSLA": check takes only options (each starts with --, e.g. --symbols TSLA,NVDA)',
        ],
      ] as const) {
        const r = await cli([...args])
        expect(r.code, args.join(' ')).toBe(2)
        expect(r.stderr.trim().split('\n'), args.join(' ')).toEqual([error, checkHelp])
        expect(r.stdout).toBe('')
      }
      const bt = await cli(['backtest', '--day', '30'])
      expect(bt.code).toBe(2)
      expect(bt.stderr.trim().split('\n')).toEqual([
        'error: unknown option --day; backtest takes --symbols, --rule, --days, --json, --base-url, --data-dir, --help',
        'Run "liquidity-watch backtest --help" for its options.',
      ])
    },
  )

  it(
    'with --json, an argument error still prints one JSON document on stdout (exit 2)',
    { timeout: T },
    async () => {
      for (const args of [
        ['check', '--json', '--bogus'],
        ['check', '--json', '--base-url', 'ftp://x.example'],
        ['check', '--json', '--data-dir', 'package.json'],
      ]) {
        const r = await cli(args)
        expect(r.code, args.join(' ')).toBe(2)
        expect(r.stderr).toMatch(/^error: /m)
        const doc = JSON.parse(r.stdout) as { rows: unknown[]; errors: string[] }
        expect(doc.rows, args.join(' ')).toEqual([])
        expect(doc.errors).toHaveLength(1)
      }
    },
  )

  it(
    'an unknown command names the commands and the help (exit 2); no command at all prints the usage',
    { timeout: T },
    async () => {
      const r = await cli(['chek'])
      expect(r.code).toBe(2)
      expect(r.stderr.trim().split('\n')).toEqual([
        'error: unknown command "chek"; the commands are check, backtest, daemon, serve and config',
        'Run "liquidity-watch --help" for the commands and their options.',
      ])
      const none = await cli([])
      expect(none.code).toBe(2)
      expect(none.stderr).toMatch(/^error: no command given\nUsage:/)
    },
  )

  it("`backtest --help` prints backtest's usage, not every command's", { timeout: T }, async () => {
    for (const args of [
      ['backtest', '--help'],
      ['backtest', '-h'],
    ]) {
      const r = await cli(args)
      expect(r.code, args.join(' ')).toBe(0)
      expect(r.stderr).toBe('')
      expect(r.stdout).toMatch(/^Usage:\n {2}liquidity-watch backtest /)
      expect(r.stdout).toContain('--days N')
      expect(r.stdout).not.toContain('liquidity-watch check')
      expect(r.stdout).not.toContain('liquidity-watch serve')
      expect(r.stdout).not.toMatch(/^check runs one poll/m)
    }
  })

  it(
    '`check --help` lists each condition kind on one line; --help-conditions has the detail',
    { timeout: T },
    async () => {
      const r = await cli(['check', '--help'])
      expect(r.code).toBe(0)
      expect(r.stdout).toMatch(/^Usage:\n {2}liquidity-watch check /)
      expect(r.stdout).not.toContain('liquidity-watch backtest')
      const list = r.stdout.slice(r.stdout.indexOf('Condition kinds'))
      const lines = list.trim().split('\n').slice(1)
      const kinds = [
        'tvl-change',
        'tvl-below',
        'concentration',
        'pool-count',
        'net-flow',
        'issuer-drop',
      ]
      for (const k of kinds) {
        const line = lines.find((l) => l.trimStart().startsWith(`${k}:`))
        expect(line, k).toBeDefined()
        expect(line!.length, line).toBeLessThanOrEqual(100)
      }
      expect(list).toContain('--help-conditions')
      expect(list).not.toContain('ignoreMigrations (a safeguard')

      const d = await cli(['check', '--help-conditions'])
      expect(d.code).toBe(0)
      expect(d.stderr).toBe('')
      for (const k of kinds) expect(d.stdout).toMatch(new RegExp(`^  ${k}: `, 'm'))
      // The detail and an example of each, as --rule takes it.
      expect(d.stdout).toContain('ignoreMigrations (a safeguard')
      expect(d.stdout).toContain(`--rule '{"kind":"tvl-below","amount":1000000}'`)
    },
  )
})
