// A config kept in git is written by hand: a rule needs only what makes it that rule (id, name,
// condition); the rest takes the same defaults as a rule made in the app.
import { describe, expect, it } from 'vitest'
import { defaultRules } from '../../src/shared/alert-rules'
import { configFromSettings, formatConfig, parseConfigText } from '../../src/main/config'
import { defaultSettings } from '../../src/shared/settings-schema'

const VERSION = (
  JSON.parse(formatConfig(configFromSettings(defaultSettings()), 'json')) as { version: unknown }
).version

describe('a hand-written config file', () => {
  it('takes a rule with only its id, name and condition, the rest at the defaults', () => {
    const text = [
      `version: ${String(VERSION)}`,
      'watchlist: [TSLA, NVDA]',
      'rules:',
      '  - id: drop-7d',
      '    name: 7-day drop',
      '    condition: { kind: tvl-change, window: 7d, direction: down, thresholdPct: 15 }',
      '',
    ].join('\n')
    const r = parseConfigText(text)
    expect(r.ok ? [] : r.problems).toEqual([])
    if (!r.ok) return
    const { id: _id, name: _name, condition: _c, ...defaults } = defaultRules()[0]!
    expect(r.config.rules).toEqual([
      {
        ...defaults,
        id: 'drop-7d',
        name: '7-day drop',
        condition: { kind: 'tvl-change', window: '7d', direction: 'down', thresholdPct: 15 },
      },
    ])
  })
})

describe('a config file with a JSON mistake', () => {
  it("is told in JSON's words with its line and column, not the YAML parser's", () => {
    const text = ['{', `  "version": ${String(VERSION)}`, '  "watchlist": ["TSLA"]', '}', ''].join(
      '\n',
    )
    const r = parseConfigText(text)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.problems).toEqual([
      "line 3, column 3: not valid JSON: expected ',' or '}' after property value",
    ])
  })
})
