// What a new CLI user sees when something is missing or wrong: one plain line saying what to do,
// in the CLI's own terms (the settings file, --data-dir, LIQUIDITY_API_KEY), never the app's screens.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { LocalService } from '../../src/dev-service/server'
import type { JsonReport } from '../../src/main/cli/json-report'
import { defaultSettings } from '../../src/shared/settings-schema'
import { cli, serviceForFile } from './run-cli'

const T = 90_000
let svc: LocalService
const dirs = serviceForFile('sk-cli-words-0123456789', (s) => (svc = s))

const DESKTOP_WORDS = /in Settings|then restart/

describe('cli check in plain words', () => {
  it(
    'an empty watchlist says how to add symbols and exits 2; --json carries it too',
    { timeout: T },
    async () => {
      const dir = await dirs.make()
      writeFileSync(
        join(dir, 'settings.json'),
        JSON.stringify({ ...defaultSettings(), watchlist: [] }),
      )
      const table = await cli(['check', '--data-dir', dir])
      expect(table.stderr).toMatch(/^error: Your watchlist is empty: .*--symbols TSLA,NVDA/m)
      expect(table.stdout).toBe('')
      expect(table.code).toBe(2)
      const json = await cli(['check', '--json', '--data-dir', dir])
      expect(json.code).toBe(2)
      const doc = JSON.parse(json.stdout) as JsonReport
      expect(doc.rows).toEqual([])
      expect(doc.errors).toEqual([expect.stringMatching(/^Your watchlist is empty/)])
    },
  )

  it(
    'settings repair notes name fields 1-based and say where a CLI user fixes them',
    { timeout: T },
    async () => {
      const dir = await dirs.make()
      const s = defaultSettings()
      const rule = { ...s.rules[0]!, condition: { ...s.rules[0]!.condition, thresholdPct: 'x' } }
      writeFileSync(
        join(dir, 'settings.json'),
        JSON.stringify({ ...s, watchlist: ['TSLA', 'NVDA', 'bad symbol!'], rules: [rule] }),
      )
      const r = await cli(['check', '--data-dir', dir])
      const notes = r.stderr.split('\n').filter((l) => l.startsWith('note: '))
      expect(notes.join('\n')).toMatch(/Alert rule 1, threshold/)
      expect(notes.join('\n')).toMatch(/Watchlist entry 3/)
      expect(notes.join('\n')).not.toMatch(/\(0\.|\(2\)/)
      expect(notes.join('\n')).toContain(join(dir, 'settings.json'))
      expect(r.stderr).not.toMatch(DESKTOP_WORDS)
      expect(r.code).toBe(0)
    },
  )

  it(
    'no API key and no keychain: one plain line naming LIQUIDITY_API_KEY; the keychain detail only with --verbose',
    { timeout: T },
    async () => {
      const dir = await dirs.make()
      const noKeychain = {
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/lw-cli-bus',
        DISPLAY: '',
      }
      const args = ['check', '--base-url', svc.url, '--symbols', 'TSLA', '--data-dir', dir]
      const r = await cli(args, noKeychain)
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(/^error: .*No API key.*LIQUIDITY_API_KEY/m)
      expect(r.stderr).not.toMatch(/plain text|D-Bus|Secret Service|^note:/m)
      const verbose = await cli([...args, '--verbose'], noKeychain)
      expect(verbose.code).toBe(2)
      expect(verbose.stderr).toMatch(/keychain.*(D-Bus|Secret Service|bus)/i)
    },
  )

  it(
    '--data-dir "" is an error with the help line (exit 2), touching nothing',
    { timeout: T },
    async () => {
      const r = await cli(['check', '--data-dir', ''])
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(/^error: --data-dir/m)
      expect(r.stderr).toMatch(/^Run "liquidity-watch check --help" for its options\.$/m)
      expect(r.stdout).toBe('')
    },
  )

  it('--data-dir naming a file is one clear error (exit 2)', { timeout: T }, async () => {
    const dir = await dirs.make()
    const file = join(dir, 'afile')
    writeFileSync(file, 'x')
    for (const path of [file, join(file, 'below')]) {
      const r = await cli(['check', '--data-dir', path])
      expect(r.code).toBe(2)
      const lines = r.stderr.trim().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(new RegExp(`^error: .*${file} is a file, not a folder`))
      expect(r.stdout).toBe('')
    }
  })

  it(
    'serve with an unknown option prints the error and the usage (exit 2)',
    { timeout: T },
    async () => {
      const r = await cli(['serve', '--bogus'])
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(/--bogus/)
      expect(r.stderr).toMatch(/Usage:/)
    },
  )
})
