// `liquidity-watch config export|import` through the bundled command, with real files in a temp
// --data-dir: export is canonical, import applies a good file as one change, --dry-run and a
// refused file change nothing, and the messages name line and field.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { defaultSettings } from '../../src/shared/settings-schema'
import { cli, dataDirs } from './run-cli'

const dirs = dataDirs()
afterAll(() => dirs.cleanup())

const settingsOf = (dir: string): { watchlist: string[]; intervalMinutes: number } =>
  JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as {
    watchlist: string[]
    intervalMinutes: number
  }

describe('config export and import', () => {
  it('exports the settings to stdout, and the same bytes to --out', async () => {
    const dir = await dirs.make()
    const json = await cli(['config', 'export', '--data-dir', dir])
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toMatchObject({
      version: 1,
      watchlist: ['TSLA', 'NVDA', 'AAPL', 'GOLD'],
    })
    const file = join(dir, 'lw.yaml')
    const written = await cli(['config', 'export', '--out', file, '--data-dir', dir])
    expect(written.code).toBe(0)
    const yaml = await cli(['config', 'export', '--format', 'yaml', '--data-dir', dir])
    expect(readFileSync(file, 'utf8')).toBe(yaml.stdout)
    expect(yaml.stdout).toMatch(/^version: 1$/m)
  })

  it('imports a file, then exports the same bytes', async () => {
    const dir = await dirs.make()
    const file = join(dir, 'lw.yaml')
    const exported = (await cli(['config', 'export', '--format', 'yaml', '--data-dir', dir])).stdout
    writeFileSync(
      file,
      exported
        .replace('  - GOLD\n', '  - MSFT\n')
        .replace('intervalMinutes: 5', 'intervalMinutes: 15'),
    )
    const r = await cli(['config', 'import', file, '--data-dir', dir])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Symbols added: MSFT')
    expect(r.stdout).toContain('Symbols removed: GOLD')
    expect(r.stdout).toContain('Polling interval: 5 → 15 minutes')
    expect(settingsOf(dir)).toMatchObject({
      watchlist: ['TSLA', 'NVDA', 'AAPL', 'MSFT'],
      intervalMinutes: 15,
    })
    const again = await cli(['config', 'export', '--format', 'yaml', '--data-dir', dir])
    expect(again.stdout).toBe(readFileSync(file, 'utf8'))
  })

  it('--dry-run prints what would change and changes nothing', async () => {
    const dir = await dirs.make()
    // Saved settings to change (export writes nothing, so it cannot make them).
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(defaultSettings()))
    const before = readFileSync(join(dir, 'settings.json'), 'utf8')
    const file = join(dir, 'lw.json')
    const doc = JSON.parse((await cli(['config', 'export', '--data-dir', dir])).stdout) as Record<
      string,
      unknown
    >
    writeFileSync(file, JSON.stringify({ ...doc, watchlist: ['TSLA', 'PLTR'], rules: [] }, null, 2))
    const r = await cli(['config', 'import', file, '--dry-run', '--data-dir', dir])
    expect(r.code).toBe(0)
    expect(r.stdout.split('\n')).toEqual([
      expect.stringMatching(
        /^Dry run: nothing was changed\. Importing .*lw\.json into .*settings\.json would make these changes:$/,
      ),
      '  Symbols added: PLTR',
      '  Symbols removed: NVDA, AAPL, GOLD',
      '  Rules removed: default-7d-drop',
      '',
    ])
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(before)
  })

  it('refuses a bad file whole: every problem by line and field, exit 2, nothing changed', async () => {
    const dir = await dirs.make()
    // Saved settings to change (export writes nothing, so it cannot make them).
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(defaultSettings()))
    const before = readFileSync(join(dir, 'settings.json'), 'utf8')
    const file = join(dir, 'bad.yaml')
    writeFileSync(
      file,
      [
        'version: 1',
        'watchlist: [TSLA, PLTR, TSLA]',
        'polling: { intervalMinutes: 0, baseUrl: null }',
        'notifications: { enabled: true, notifyUnverified: false, quietHours: { enabled: false, start: "22:00", end: "07:00" } }',
        'contactPoints: []',
        'rules:',
        '  - { id: r1, name: Drop, enabled: true, scope: { kind: watchlist }, overrides: {}, pendingCycles: 2,',
        '      rearmMarginPct: 2, repeatHours: 24, notify: every-time, expiresAt: null, snoozedUntil: null,',
        '      condition: { kind: moon-phase } }',
      ].join('\n'),
    )
    const r = await cli(['config', 'import', file, '--data-dir', dir])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    const lines = r.stderr.trim().split('\n')
    expect(lines[0]).toMatch(/^error: .*bad\.yaml was not imported, and nothing was changed:$/)
    expect(lines).toContain('  line 2, watchlist: lists TSLA twice')
    expect(lines).toContain('  line 3, polling.intervalMinutes: must be at least 1 minute')
    expect(lines.some((l) => /^ {2}line 9, rules\[0\]\.condition/.test(l))).toBe(true)
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(before)
  })

  it('refuses a wrong version and a 10 MB file', async () => {
    const dir = await dirs.make()
    const file = join(dir, 'v2.json')
    writeFileSync(file, '{\n  "version": 2\n}\n')
    const r = await cli(['config', 'import', file, '--data-dir', dir])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/line 2, version: should be 1 but is 2/)
    const big = join(dir, 'big.json')
    writeFileSync(big, ' '.repeat(10 * 1024 * 1024))
    const b = await cli(['config', 'import', big, '--data-dir', dir])
    expect(b.code).toBe(2)
    expect(b.stderr).toMatch(/the file is 10\.0 MB; a config file can be at most 4\.0 MB/)
  })

  it('has --help for both, and plain argument errors', async () => {
    const e = await cli(['config', 'export', '--help'])
    expect(e.code).toBe(0)
    expect(e.stdout).toMatch(/^Usage:\n {2}liquidity-watch config export/)
    const i = await cli(['config', 'import', '--help'])
    expect(i.code).toBe(0)
    expect(i.stdout).toContain('--dry-run')
    const none = await cli(['config', 'import'])
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('config import needs the config file to read')
    const fmt = await cli(['config', 'export', '--format', 'toml'])
    expect(fmt.code).toBe(2)
    expect(fmt.stderr).toContain('--format takes json or yaml')
  })
})
