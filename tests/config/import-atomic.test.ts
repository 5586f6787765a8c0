// An import is one atomic change: a save that fails (an injected disk error, a folder in the
// settings file's place) leaves the old settings intact, on disk and in memory, and says why.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Conf from 'conf'
import { describe, expect, it } from 'vitest'
import { openSettings } from '../../src/main/engine/settings/settings-store'
import type { KeyValueStoreFactory } from '../../src/main/engine/storage/key-value-store'
import {
  configFromSettings,
  formatConfig,
  importConfig,
  parseConfigText,
} from '../../src/main/config'
import { defaultSettings } from '../../src/shared/settings-schema'
import { dir, lastGood, main, useSettingsDir } from '../engine/storage/settings-setup'

useSettingsDir()

const now = (): Date => new Date('2025-07-01T08:00:00Z')

/** A config unlike the defaults: other symbols, interval and rule threshold. */
function otherConfig(): string {
  const s = defaultSettings()
  s.watchlist = ['MSFT']
  s.intervalMinutes = 30
  const [rule] = s.rules
  if (rule?.condition.kind === 'tvl-change') rule.condition.thresholdPct = 25
  return formatConfig(configFromSettings(s), 'yaml')
}

describe('config import is atomic', () => {
  it('applies a good file as one change, saved to the settings file', () => {
    const store = openSettings({
      dir,
      create: (o) => new Conf({ ...o, projectName: 'lw-test' }),
      now,
    })
    const r = importConfig(store, parseConfigText(otherConfig()), { dryRun: false })
    expect(r.ok && r.applied).toBe(true)
    const saved = JSON.parse(readFileSync(main(), 'utf8')) as {
      watchlist: string[]
      intervalMinutes: number
    }
    expect(saved.watchlist).toEqual(['MSFT'])
    expect(saved.intervalMinutes).toBe(30)
  })

  it('a dry run changes nothing', () => {
    const store = openSettings({
      dir,
      create: (o) => new Conf({ ...o, projectName: 'lw-test' }),
      now,
    })
    const before = readFileSync(main(), 'utf8')
    const r = importConfig(store, parseConfigText(otherConfig()), { dryRun: true })
    expect(r).toMatchObject({ ok: true, applied: false })
    expect(r.ok ? r.changes : []).toContain('Symbols added: MSFT')
    expect(readFileSync(main(), 'utf8')).toBe(before)
    expect(store.get()).toEqual(defaultSettings())
  })

  it('an injected disk error leaves the old settings intact', () => {
    let failWrites = false
    const create: KeyValueStoreFactory = (o) => {
      const conf = new Conf({ ...o, projectName: 'lw-test' })
      return {
        path: conf.path,
        get store() {
          return conf.store
        },
        set store(v) {
          if (failWrites) throw Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' })
          conf.store = v
        },
      }
    }
    const store = openSettings({ dir, create, now })
    const before = readFileSync(main(), 'utf8')
    failWrites = true
    const r = importConfig(store, parseConfigText(otherConfig()), { dryRun: false })
    expect(r.ok).toBe(false)
    expect(r.ok ? '' : r.problems.join(' ')).toMatch(
      /Your change was not made: the settings could not be saved/,
    )
    expect(readFileSync(main(), 'utf8')).toBe(before)
    expect(store.get()).toEqual(defaultSettings())
  })

  it('a folder in the settings file’s place leaves the old settings intact', () => {
    const store = openSettings({
      dir,
      create: (o) => new Conf({ ...o, projectName: 'lw-test' }),
      now,
    })
    const good = readFileSync(lastGood(), 'utf8')
    rmSync(main())
    mkdirSync(main())
    writeFileSync(join(main(), 'keep'), 'x')
    const r = importConfig(store, parseConfigText(otherConfig()), { dryRun: false })
    expect(r.ok).toBe(false)
    expect(store.get()).toEqual(defaultSettings())
    expect(readFileSync(lastGood(), 'utf8')).toBe(good)
    expect(readFileSync(join(main(), 'keep'), 'utf8')).toBe('x')
  })
})
