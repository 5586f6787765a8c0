// Settings files written before ignoreMigrations and issuer-drop existed still load unchanged (the
// rule schema is strict: the option is optional, not defaulted), and the new forms round-trip.
import { writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { defaultSettings } from '../../../src/shared/settings-schema'
import { main, open, readJson, useSettingsDir } from './settings-setup'

useSettingsDir()

describe('settings with issuer rules', () => {
  it('an old file whose drop rule has no ignoreMigrations loads as it was, nothing repaired', () => {
    const old = defaultSettings()
    const oldRule = {
      ...old.rules[0]!,
      condition: { kind: 'tvl-change', window: '30d', direction: 'down', thresholdPct: 12 },
    }
    const file = { ...old, watchlist: ['TSLA'], rules: [oldRule] }
    writeFileSync(main(), JSON.stringify(file))
    const s = open()
    expect(s.report).toBeNull()
    expect(s.get().rules[0]!.condition).toEqual(oldRule.condition)
    expect(readJson(main())).toEqual(file)
  })

  it('a drop rule with ignoreMigrations and an issuer-drop rule are saved and read back', () => {
    const s = open()
    const base = defaultSettings().rules[0]!
    s.update((v) => ({
      ...v,
      rules: [
        {
          ...base,
          condition: {
            ...(base.condition as object),
            ignoreMigrations: true,
          } as typeof base.condition,
        },
        {
          ...base,
          id: 'issuer',
          condition: { kind: 'issuer-drop', window: '7d', thresholdPct: 25 },
        },
      ],
    }))
    expect(
      open()
        .get()
        .rules.map((r) => r.condition),
    ).toEqual([
      {
        kind: 'tvl-change',
        window: '7d',
        direction: 'down',
        thresholdPct: 10,
        ignoreMigrations: true,
      },
      { kind: 'issuer-drop', window: '7d', thresholdPct: 25 },
    ])
  })
})
