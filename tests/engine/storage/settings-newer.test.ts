// A settings file written by a newer version is not ours to replace: it is left exactly as it is
// (not renamed, not rewritten), this version runs on settings in memory, and says which version
// wrote the file and what to do.
import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { defaultSettings, SETTINGS_VERSION } from '../../../src/shared/settings-schema'
import { aside, lastGood, main, open, useSettingsDir, withLastGood } from './settings-setup'

useSettingsDir()

describe('a settings file from a newer version', () => {
  it('is left as it is, used in memory only, and the notice names the version and the way out', () => {
    const good = withLastGood()
    const newer = JSON.stringify({ ...defaultSettings(), version: SETTINGS_VERSION + 1, extra: 1 })
    writeFileSync(main(), newer)
    const lastGoodBefore = readFileSync(lastGood(), 'utf8')
    const s = open()
    expect(s.get()).toEqual(good)
    expect(s.report).toMatch(
      new RegExp(`newer version of Liquidity Watch \\(settings version ${SETTINGS_VERSION + 1}`),
    )
    expect(s.report).toMatch(/left it as it is/)
    expect(s.report).toMatch(/will not be kept/)
    expect(s.report).toMatch(/newer version/)
    // A change is held in memory, never written over the newer file (nor its last good copy).
    s.update((x) => ({ ...x, intervalMinutes: 9 }))
    expect(readFileSync(main(), 'utf8')).toBe(newer)
    expect(readFileSync(lastGood(), 'utf8')).toBe(lastGoodBefore)
    expect(aside()).toEqual([])
    // The next start finds it the same way.
    expect(open().report).toMatch(/newer version/)
    expect(readFileSync(main(), 'utf8')).toBe(newer)
  })
})
