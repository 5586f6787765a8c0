import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Conf from 'conf'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LAST_GOOD_FILE_NAME, openSettings } from '../../../src/main/engine/settings/settings-store'
import type { KeyValueStoreFactory } from '../../../src/main/engine/storage/key-value-store'
import { LiquidityError } from '../../../src/shared/errors'
import { defaultSettings, type Settings } from '../../../src/shared/settings-schema'

let dir: string
const main = (): string => join(dir, 'settings.json')
const lastGood = (): string => join(dir, LAST_GOOD_FILE_NAME)
const create: KeyValueStoreFactory = ({ cwd, configName }) =>
  new Conf({ cwd, configName, projectName: 'lw-test' })
const open = () => openSettings({ dir, create, now: () => new Date('2025-07-01T08:00:00Z') })
const readJson = (p: string): unknown => JSON.parse(readFileSync(p, 'utf8'))
const aside = (): string[] => readdirSync(dir).filter((n) => n.includes('.corrupt-'))

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lw-settings-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** Opens once and saves a recognisable change, so a last good copy exists. */
function withLastGood(): Settings {
  return open().update((s) => ({ ...s, watchlist: ['GOOD'], intervalMinutes: 17 }))
}

describe('openSettings', () => {
  it('starts a fresh install on typed defaults and writes them', () => {
    const s = open()
    expect(s.report).toBeNull()
    expect(s.get()).toEqual(defaultSettings())
    expect(readJson(main())).toEqual(defaultSettings())
    expect(readJson(lastGood())).toEqual(defaultSettings())
  })

  it('persists updates through conf and returns copies', () => {
    const s = open()
    const next = s.update((v) => ({ ...v, watchlist: ['TSLA', 'MSTR'], intervalMinutes: 10 }))
    expect(next.watchlist).toEqual(['TSLA', 'MSTR'])
    s.get().watchlist.push('MUTATED')
    expect(s.get().watchlist).toEqual(['TSLA', 'MSTR'])
    const reopened = open()
    expect(reopened.get()).toEqual(next)
    expect(new Conf({ cwd: dir, configName: 'settings', projectName: 'lw-test' }).store).toEqual(
      next,
    )
    expect(readJson(lastGood())).toEqual(next)
  })

  it('refuses an invalid update with invalid-argument and changes nothing stored', () => {
    const s = open()
    s.update((v) => ({ ...v, intervalMinutes: 9 }))
    const before = [readFileSync(main(), 'utf8'), readFileSync(lastGood(), 'utf8')]
    let error: unknown
    try {
      s.update((v) => ({ ...v, intervalMinutes: 0, watchlist: ['bad symbol!'] }))
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(LiquidityError)
    expect(error).toMatchObject({
      kind: 'invalid-argument',
      message: expect.stringMatching(
        /^Settings not saved\. .*Polling interval must be at least 1 minute/,
      ),
    })
    expect(s.get().intervalMinutes).toBe(9)
    expect([readFileSync(main(), 'utf8'), readFileSync(lastGood(), 'utf8')]).toEqual(before)
    expect(() => s.update((v) => ({ ...v, version: 2 }) as unknown as Settings)).toThrow(
      LiquidityError,
    )
    expect(open().get().intervalMinutes).toBe(9)
  })

  it('upgrades a v0 file with an invalid apiUrl: the address is dropped, the watchlist kept', () => {
    writeFileSync(
      main(),
      JSON.stringify({ watchlist: 'MSFT,GOLD', pollSeconds: 600, apiUrl: 'liquidity api (old)' }),
    )
    const s = open()
    expect(s.get()).toMatchObject({
      version: 1,
      watchlist: ['MSFT', 'GOLD'],
      intervalMinutes: 10,
      baseUrl: null,
    })
    expect(readJson(main())).toEqual(s.get())
  })

  it('upgrades a v0 file in place without a report', () => {
    writeFileSync(
      main(),
      JSON.stringify({ watchlist: 'TSLA,NVDA', pollSeconds: 600, alerts: { dropPct: 10 } }),
    )
    const s = open()
    expect(s.report).toBeNull()
    expect(s.get()).toMatchObject({ version: 1, watchlist: ['TSLA', 'NVDA'], intervalMinutes: 10 })
    expect(readJson(main())).toEqual(s.get())
    expect(aside()).toEqual([])
  })

  it('a short hand-written file takes the defaults for the fields it leaves out, quietly', () => {
    writeFileSync(main(), JSON.stringify({ version: 1, watchlist: ['TSLA'], intervalMinutes: 15 }))
    const s = open()
    expect(s.report).toBeNull()
    expect(aside()).toEqual([])
    expect(s.get()).toEqual({ ...defaultSettings(), watchlist: ['TSLA'], intervalMinutes: 15 })
  })

  it.each([
    ['bad JSON', '{"version":1,"watchlist":["TS', /is not valid JSON/],
    ['not an object', '[1,2,3]', /does not hold a settings object/],
    [
      'a future version',
      JSON.stringify({ ...defaultSettings(), version: 2 }),
      /newer version of Liquidity Watch/,
    ],
  ])('restores the last good copy over %s and keeps the bad file aside', (_label, bad, reason) => {
    const good = withLastGood()
    writeFileSync(main(), bad)
    const s = open()
    expect(s.get()).toEqual(good)
    expect(s.report).toMatch(reason)
    expect(s.report).toContain(
      `restored your last good settings. The original file was kept as ${join(dir, 'settings.json.corrupt-2025-07-01T08-00-00-000Z')}.`,
    )
    expect(s.report).toContain(main())
    expect(aside()).toHaveLength(1)
    expect(readFileSync(join(dir, aside()[0] as string), 'utf8')).toBe(bad)
    expect(readJson(main())).toEqual(good)
    expect(open().report).toBeNull()
  })

  it.each([
    {
      label: 'an interval out of range',
      edit: (s: Record<string, unknown>) => ({ ...s, intervalMinutes: -3 }),
      reason: /Polling interval must be at least 1 minute/,
      // The last good copy's interval (withLastGood saves 17).
      expected: { intervalMinutes: 17 },
    },
    {
      label: 'a Service URL the client refuses',
      edit: (s: Record<string, unknown>) => ({ ...s, baseUrl: 'http://api.example.com' }),
      reason: /Service URL: The service address uses plain http:\/\//,
      expected: { baseUrl: null, intervalMinutes: defaultSettings().intervalMinutes },
    },
    {
      label: 'two rules with one id',
      edit: (s: Record<string, unknown>) => ({
        ...s,
        rules: [...(s.rules as unknown[]), ...(s.rules as unknown[])],
      }),
      reason: /Alert rules has two rules with the id default-7d-drop/,
      expected: { rules: defaultSettings().rules },
    },
  ])(
    'repairs $label field by field: the rest of the file is kept, that field comes from the last good copy',
    ({ edit, reason, expected }) => {
      withLastGood()
      const edited = { ...defaultSettings(), watchlist: ['NEWER'], startAtLogin: true }
      const bad = JSON.stringify(edit(edited as unknown as Record<string, unknown>))
      writeFileSync(main(), bad)
      const s = open()
      expect(s.report).toMatch(reason)
      expect(s.report).toMatch(/fixed only those and kept the rest/)
      expect(s.report).toMatch(/restored from your last good settings/)
      expect(s.report).toContain(`kept as ${join(dir, aside()[0] as string)}`)
      // Fields the file got right are kept, even where the last good copy differs (GOOD, 17).
      expect(s.get()).toEqual({
        ...defaultSettings(),
        watchlist: ['NEWER'],
        startAtLogin: true,
        ...expected,
      })
      expect(readFileSync(join(dir, aside()[0] as string), 'utf8')).toBe(bad)
      expect(readJson(main())).toEqual(s.get())
      expect(open().report).toBeNull()
    },
  )

  it('a watchlist that lists a symbol twice keeps its first place: only the repeat is removed', () => {
    const bad = JSON.stringify({
      ...defaultSettings(),
      watchlist: ['MSFT', 'TSLA', 'MSFT', 'NVDA', 'TSLA'],
      intervalMinutes: 12,
    })
    writeFileSync(main(), bad)
    const s = open()
    expect(s.get()).toEqual({
      ...defaultSettings(),
      watchlist: ['MSFT', 'TSLA', 'NVDA'],
      intervalMinutes: 12,
    })
    expect(s.report).toMatch(/Watchlist lists MSFT twice.*the repeats were removed/)
    expect(s.report).not.toMatch(/default|last good/)
    expect(s.report).toContain(`kept as ${join(dir, aside()[0] as string)}`)
    expect(readFileSync(join(dir, aside()[0] as string), 'utf8')).toBe(bad)
    expect(readJson(main())).toEqual(s.get())
    expect(open().report).toBeNull()
  })

  it('a last good copy with a repeated symbol still restores the settings, without the repeat', () => {
    writeFileSync(
      lastGood(),
      JSON.stringify({
        ...defaultSettings(),
        watchlist: ['GOOD', 'GOOD', 'MSTR'],
        intervalMinutes: 17,
      }),
    )
    writeFileSync(main(), 'garbage')
    const s = open()
    expect(s.get()).toEqual({
      ...defaultSettings(),
      watchlist: ['GOOD', 'MSTR'],
      intervalMinutes: 17,
    })
    expect(s.report).toMatch(/restored your last good settings/)
  })

  it('a pause saved far in the future (year 9999, an old bug) ends at most 24 h from now, said plainly', () => {
    const bad = JSON.stringify({
      ...defaultSettings(),
      watchlist: ['MSFT'],
      notificationsPausedUntil: '9999-12-31T23:59:59.000Z',
    })
    writeFileSync(main(), bad)
    const s = open()
    // open() runs at 2025-07-01T08:00:00Z.
    expect(s.get()).toEqual({
      ...defaultSettings(),
      watchlist: ['MSFT'],
      notificationsPausedUntil: '2025-07-02T08:00:00.000Z',
    })
    expect(s.report).toMatch(
      /Notifications were paused until 9999-12-31, longer than the 24 hours a pause may last — the pause now ends 24 hours from now/,
    )
    expect(readFileSync(join(dir, aside()[0] as string), 'utf8')).toBe(bad)
    expect(readJson(main())).toEqual(s.get())
  })

  it('a pause within 24 h is kept as saved, without a report', () => {
    const settings = { ...defaultSettings(), notificationsPausedUntil: '2025-07-01T09:00:00.000Z' }
    writeFileSync(main(), JSON.stringify(settings))
    const s = open()
    expect(s.report).toBeNull()
    expect(s.get()).toEqual(settings)
  })

  it('says what is wrong with a field in plain words, not in the schema library’s terms', () => {
    writeFileSync(
      main(),
      JSON.stringify({
        ...defaultSettings(),
        intervalMinutes: 'five',
        quietHours: { enabled: true, start: '25:00', end: 7 },
      }),
    )
    const s = open()
    expect(s.report).toContain('Polling interval should be a number but is text ("five")')
    expect(s.report).toContain('Quiet hours (start) should be a time as HH:MM (24 h)')
    expect(s.report).toContain('Quiet hours (end) should be text but is 7')
    expect(s.report).not.toMatch(/Invalid|expected|received/)
  })

  it('refuses an invalid rule with the rule’s field in plain words', () => {
    const s = open()
    const [rule] = s.get().rules
    expect(() =>
      s.update((v) => ({
        ...v,
        rules: [{ ...rule!, pendingCycles: 0, notify: 'sometimes' as 'once' }],
      })),
    ).toThrow(
      'Settings not saved. Alert rule 1, pending cycles is 0, below the minimum of 1; Alert rule 1, notify should be "once" or "every-time" but is text ("sometimes").',
    )
  })

  it('repairs a field from the defaults when there is no last good copy', () => {
    writeFileSync(
      main(),
      JSON.stringify({ ...defaultSettings(), watchlist: ['MSFT'], baseUrl: 'ftp://x.example' }),
    )
    const s = open()
    expect(s.get()).toEqual({ ...defaultSettings(), watchlist: ['MSFT'] })
    expect(s.report).toMatch(
      /Service URL: .*must start with https:\/\/.* — set back to the default/,
    )
  })

  it('falls back to defaults when there is no usable last good copy', () => {
    writeFileSync(main(), 'garbage')
    writeFileSync(lastGood(), '{"also":"garbage"')
    const reports: string[] = []
    const s = openSettings({ dir, create, onReport: (r) => reports.push(r) })
    expect(s.get()).toEqual(defaultSettings())
    expect(s.report).toMatch(/went back to the default settings/)
    expect(reports).toEqual([s.report])
    expect(readJson(lastGood())).toEqual(defaultSettings())
  })

  it('sets aside a settings path it cannot read (a directory) and starts', () => {
    mkdirSync(main())
    const s = open()
    expect(s.report).toMatch(/could not be read: a folder is in its place, code EISDIR/)
    expect(s.get()).toEqual(defaultSettings())
    expect(existsSync(main())).toBe(true)
    expect(readJson(main())).toEqual(defaultSettings())
  })

  it('a directory in its place that cannot be moved aside: settings in memory only, said plainly, nothing written', () => {
    withLastGood()
    rmSync(main())
    mkdirSync(join(main(), 'inside'), { recursive: true })
    // The quarantine name is taken by a non-empty directory, so the rename fails (root ignores chmod).
    mkdirSync(join(dir, 'settings.json.corrupt-2025-07-01T08-00-00-000Z', 'occupied'), {
      recursive: true,
    })
    const lastGoodBefore = readFileSync(lastGood(), 'utf8')
    const s = open()
    expect(s.get()).toMatchObject({ watchlist: ['GOOD'], intervalMinutes: 17 })
    expect(s.report).toMatch(/could not be read: a folder is in its place/)
    expect(s.report).toMatch(/The original file was left as it is\./)
    expect(s.report).toContain(
      `cannot save its settings to ${main()} (the damaged file could not be moved aside: a folder with that name is already there, code ENOTEMPTY)`,
    )
    expect(s.report).toMatch(/changes you make will not be kept after it closes/)
    // Changes work for the session, in memory only: the directory and the last good copy stay as they were.
    expect(s.update((v) => ({ ...v, intervalMinutes: 30 })).intervalMinutes).toBe(30)
    expect(s.get().intervalMinutes).toBe(30)
    expect(readdirSync(main())).toEqual(['inside'])
    expect(readFileSync(lastGood(), 'utf8')).toBe(lastGoodBefore)
    // Invalid changes are still refused.
    expect(() => s.update((v) => ({ ...v, intervalMinutes: 0 }))).toThrow(/Polling interval/)
  })

  it('a save that fails mid-session is refused in plain words and changes nothing, in memory either', () => {
    const s = open()
    s.update((v) => ({ ...v, intervalMinutes: 9 }))
    const lastGoodBefore = readFileSync(lastGood(), 'utf8')
    // A directory where the file was: the atomic rename onto it fails (EISDIR) — a real write fault.
    rmSync(main())
    mkdirSync(main())
    let error: unknown
    try {
      s.update((v) => ({ ...v, intervalMinutes: 45 }))
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(LiquidityError)
    expect(error).toMatchObject({
      kind: 'storage',
      message: expect.stringContaining(
        `Your change was not made: the settings could not be saved to ${main()} (a folder is in its place, code EISDIR)`,
      ),
    })
    expect(s.get().intervalMinutes).toBe(9)
    expect(readFileSync(lastGood(), 'utf8')).toBe(lastGoodBefore)
    // Still saving to disk: once the file can be written again, the next change is kept.
    rmSync(main(), { recursive: true })
    s.update((v) => ({ ...v, intervalMinutes: 45 }))
    expect(open().get().intervalMinutes).toBe(45)
  })

  it('never lets fn change the stored value by mutating its argument', () => {
    const s = open()
    expect(() =>
      s.update((v) => {
        v.watchlist.push('SNEAKY')
        throw new Error('changed my mind')
      }),
    ).toThrow('changed my mind')
    expect(s.get().watchlist).not.toContain('SNEAKY')
  })
})
