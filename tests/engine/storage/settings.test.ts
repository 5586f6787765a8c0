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
import { LAST_GOOD_FILE_NAME, openSettings } from '../../../src/main/engine/settings-store'
import type { KeyValueStoreFactory } from '../../../src/main/engine/key-value-store'
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
      message: expect.stringMatching(/intervalMinutes/),
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

  it.each([
    ['bad JSON', '{"version":1,"watchlist":["TS', /is not valid JSON/],
    [
      'a schema failure',
      JSON.stringify({ ...defaultSettings(), intervalMinutes: -3 }),
      /not allowed \(intervalMinutes/,
    ],
    ['a schema failure after migration', JSON.stringify({ watchlist: 'TSLA T$LA' }), /watchlist/],
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
    expect(s.report).toMatch(
      /restored your last good settings\. The damaged file was kept as settings\.json\.corrupt-2025-07-01T08-00-00-000Z\./,
    )
    expect(aside()).toHaveLength(1)
    expect(readFileSync(join(dir, aside()[0] as string), 'utf8')).toBe(bad)
    expect(readJson(main())).toEqual(good)
    expect(open().report).toBeNull()
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
    expect(s.report).toMatch(/could not be read \(EISDIR\)/)
    expect(s.get()).toEqual(defaultSettings())
    expect(existsSync(main())).toBe(true)
    expect(readJson(main())).toEqual(defaultSettings())
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
