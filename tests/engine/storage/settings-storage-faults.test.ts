// Settings when the disk does not cooperate: a folder in the file's place, a quarantine that
// cannot happen, a save that fails mid-session. Nothing stored is lost and the user is told.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LiquidityError } from '../../../src/shared/errors'
import { defaultSettings } from '../../../src/shared/settings-schema'
import { dir, lastGood, main, open, readJson, useSettingsDir, withLastGood } from './settings-setup'

useSettingsDir()

describe('openSettings', () => {
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
})
