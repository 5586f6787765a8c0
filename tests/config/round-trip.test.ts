// Config round trip (issue 21): export → import → export gives the same bytes, in JSON and YAML,
// and importing an export leaves the settings as they were (secret hints included).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  configFromSettings,
  configChanges,
  describeChanges,
  formatConfig,
  parseConfigText,
  settingsFromConfig,
} from '../../src/main/config'
import { defaultSettings } from '../../src/shared/settings-schema'
import { validSettings } from './arbitrary-settings'

describe('config round trip', () => {
  for (const format of ['json', 'yaml'] as const)
    it(`export → import → export gives the same bytes (${format})`, () => {
      fc.assert(
        fc.property(validSettings, (settings) => {
          const text = formatConfig(configFromSettings(settings), format)
          const read = parseConfigText(text)
          if (!read.ok) throw new Error(read.problems.join('\n'))
          expect(formatConfig(read.config, format)).toBe(text)
          const imported = settingsFromConfig(settings, read.config)
          expect(imported).toEqual(settings)
          expect(describeChanges(configChanges(settings, imported))).toEqual([
            'Nothing would change: the settings already match this file.',
          ])
        }),
        { numRuns: 150 },
      )
    })

  it('imports onto other settings: the config part replaced, machine-local settings kept', () => {
    fc.assert(
      fc.property(validSettings, validSettings, (from, onto) => {
        const read = parseConfigText(formatConfig(configFromSettings(from), 'yaml'))
        if (!read.ok) throw new Error(read.problems.join('\n'))
        const after = settingsFromConfig(onto, read.config)
        expect(formatConfig(configFromSettings(after), 'json')).toBe(
          formatConfig(configFromSettings(from), 'json'),
        )
        expect(after.startAtLogin).toBe(onto.startAtLogin)
        expect(after.notificationsPausedUntil).toBe(onto.notificationsPausedUntil)
      }),
      { numRuns: 60 },
    )
  })

  it('says what an import would change', () => {
    const before = defaultSettings()
    const after = {
      ...before,
      watchlist: ['TSLA', 'MSFT'],
      intervalMinutes: 10,
      rules: before.rules.map((r) => ({ ...r, pendingCycles: 3 })),
    }
    expect(describeChanges(configChanges(before, after))).toEqual([
      'Symbols added: MSFT',
      'Symbols removed: NVDA, AAPL, GOLD',
      'Rules changed: default-7d-drop (pendingCycles)',
      'Polling interval: 5 → 10 minutes',
    ])
  })
})
