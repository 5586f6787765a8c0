import { describe, expect, it } from 'vitest'
import {
  MigrationError,
  migrateSettings,
  migrations,
  settingsVersionOf,
} from '../../../src/main/engine/settings/migrations'
import { defaultRules } from '../../../src/shared/alert-rules'
import {
  SETTINGS_VERSION,
  defaultSettings,
  settingsSchema,
} from '../../../src/shared/settings-schema'

describe('settings migrations', () => {
  it('has a step for every version below the current one', () => {
    for (let v = 0; v < SETTINGS_VERSION; v++)
      expect(migrations[v], `migration from v${v}`).toBeTypeOf('function')
  })

  it('v0 → v1 turns the pre-versioning shape into valid current settings', () => {
    const { value, from } = migrateSettings({
      watchlist: 'TSLA, NVDA;AAPL  TSLA',
      pollSeconds: 300,
      alerts: { dropPct: 15 },
      notify: false,
      apiUrl: 'https://api.example.com',
    })
    expect(from).toBe(0)
    const rules = defaultRules()
    const rule = rules[0]
    if (rule?.condition.kind !== 'tvl-change') throw new Error('default rule changed shape')
    rule.condition.thresholdPct = 15
    rule.name = '7-day TVL drop ≥ 15 %'
    expect(settingsSchema.parse(value)).toEqual({
      ...defaultSettings(),
      watchlist: ['TSLA', 'NVDA', 'AAPL'],
      intervalMinutes: 5,
      // Settings written before notifyUnverified existed load with it off.
      notifications: { enabled: false, notifyUnverified: false },
      baseUrl: 'https://api.example.com',
      rules,
    })
  })

  it('v0 → v1 never carries a plaintext API key into settings', () => {
    const { value } = migrateSettings({ watchlist: 'TSLA', apiKey: 'sk-plain-123' })
    expect(JSON.stringify(value)).not.toContain('sk-plain-123')
  })

  it('v0 → v1 falls back to defaults for fields it cannot use, and clamps the interval', () => {
    expect(settingsSchema.parse(migrateSettings({}).value)).toEqual(defaultSettings())
    const odd = migrateSettings({
      watchlist: 42,
      pollSeconds: 'often',
      alerts: { dropPct: -3, enabled: false },
    }).value
    const parsed = settingsSchema.parse(odd)
    expect(parsed.watchlist).toEqual(defaultSettings().watchlist)
    expect(parsed.intervalMinutes).toBe(5)
    expect(parsed.rules[0]?.enabled).toBe(false)
    expect(migrateSettings({ pollSeconds: 5 }).value.intervalMinutes).toBe(1)
    expect(migrateSettings({ pollSeconds: 1e9 }).value.intervalMinutes).toBe(24 * 60)
    expect(migrateSettings({ watchlist: ['TSLA', 7, ''] }).value.watchlist).toEqual(['TSLA'])
  })

  it.each([
    ['not a url', { apiUrl: 'not a url' }],
    ['a bare host', { apiUrl: 'api.example.com' }],
    ['an over-long address', { baseUrl: `https://example.com/${'x'.repeat(3000)}` }],
    ['a non-string', { apiUrl: 42 }],
    ['plain http to another host', { apiUrl: 'http://api.example.com' }],
    ['ftp', { apiUrl: 'ftp://files.example.com' }],
    ['credentials', { apiUrl: 'https://me:pw@api.example.com' }],
  ])('v0 → v1 drops an invalid address (%s) alone: demo mode, the rest kept', (_label, url) => {
    const { value } = migrateSettings({
      watchlist: 'MSFT, GOLD',
      pollSeconds: 600,
      notify: false,
      ...url,
    })
    const parsed = settingsSchema.parse(value)
    expect(parsed).toMatchObject({
      baseUrl: null,
      watchlist: ['MSFT', 'GOLD'],
      intervalMinutes: 10,
      notifications: { enabled: false },
    })
  })

  it('v0 → v1 takes the first usable address: a bad baseUrl falls back to a good apiUrl; spaces are trimmed', () => {
    expect(
      migrateSettings({ baseUrl: 'nope', apiUrl: ' https://api.example.com ' }).value.baseUrl,
    ).toBe('https://api.example.com')
  })

  it('leaves current settings untouched', () => {
    const s = defaultSettings()
    expect(migrateSettings(s)).toEqual({ value: s, from: SETTINGS_VERSION })
  })

  it.each([
    [{ version: SETTINGS_VERSION + 1 }, /newer version of Liquidity Watch/],
    [{ version: 'one' }, /invalid version/],
    [{ version: -1 }, /invalid version/],
    [[1, 2], /does not hold a settings object/],
    [null, /does not hold a settings object/],
  ])('refuses %j', (raw, message) => {
    expect(() => migrateSettings(raw)).toThrow(MigrationError)
    expect(() => migrateSettings(raw)).toThrow(message)
  })

  it('reads a missing version as 0', () => {
    expect(settingsVersionOf({ watchlist: 'TSLA' })).toBe(0)
  })
})
