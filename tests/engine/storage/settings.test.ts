// The settings store: a fresh install, updates that persist or are refused whole, old files upgraded.
import { readFileSync, writeFileSync } from 'node:fs'
import Conf from 'conf'
import { describe, expect, it } from 'vitest'
import { LiquidityError } from '../../../src/shared/errors'
import { defaultSettings, type Settings } from '../../../src/shared/settings-schema'
import { aside, dir, lastGood, main, open, readJson, useSettingsDir } from './settings-setup'

useSettingsDir()

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
