// A damaged settings file is repaired on open: the last good copy or the defaults stand in for
// what is wrong, the rest is kept, the original is kept aside, and the report says so plainly.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openSettings } from '../../../src/main/engine/settings/settings-store'
import { defaultSettings } from '../../../src/shared/settings-schema'
import {
  aside,
  create,
  dir,
  lastGood,
  main,
  open,
  readJson,
  useSettingsDir,
  withLastGood,
} from './settings-setup'

useSettingsDir()

describe('openSettings', () => {
  it.each([
    ['bad JSON', '{"version":1,"watchlist":["TS', /is not valid JSON/],
    ['not an object', '[1,2,3]', /does not hold a settings object/],
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
})
