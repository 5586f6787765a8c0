// A rule may name only contact points that exist: a typo ("hoook") would send its alerts nowhere.
import { describe, expect, it } from 'vitest'
import { defaultSettings } from '../../src/shared/settings-schema'
import { configFromSettings, formatConfig, parseConfigText } from '../../src/main/config'

const hook = {
  id: 'hook',
  name: 'Hook',
  kind: 'webhook',
  format: 'json',
  enabled: true,
  isDefault: false,
  minSeverity: 'info',
  quietHours: null,
  template: { title: null, body: null },
}

function docNaming(...ids: string[]): Record<string, unknown> {
  const doc = JSON.parse(formatConfig(configFromSettings(defaultSettings()), 'json')) as Record<
    string,
    unknown
  >
  doc.contactPoints = [hook]
  ;(doc.rules as Record<string, unknown>[])[0]!.contactPoints = ids
  return doc
}

describe('a rule naming a contact point the file lacks', () => {
  it('is refused with its line and field, listing the points there are', () => {
    const text = JSON.stringify(docNaming('hoook'), null, 2)
    const line = text.split('\n').findIndex((l) => l.includes('"hoook"')) + 1
    const r = parseConfigText(text)
    expect(r.ok ? [] : r.problems).toEqual([
      `line ${line}, rules[0].contactPoints[0]: no contact point "hoook" (the file has: desktop, hook)`,
    ])
  })

  it('is refused in YAML too; the desktop and listed points are accepted', () => {
    const yaml = formatConfig(configFromSettings(defaultSettings()), 'yaml')
    expect(parseConfigText(JSON.stringify(docNaming('desktop', 'hook'))).ok).toBe(true)
    const bad = parseConfigText(JSON.stringify(docNaming('hook', 'pager')))
    expect(bad.ok ? [] : bad.problems).toEqual([
      expect.stringMatching(/^line 1, rules\[0\]\.contactPoints\[1\]: no contact point "pager"/),
    ])
    expect(parseConfigText(yaml).ok).toBe(true)
  })
})
