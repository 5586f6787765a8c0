// Hostile and broken config files are refused whole, each problem named by line and field.
import { describe, expect, it } from 'vitest'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defaultSettings } from '../../src/shared/settings-schema'
import {
  configFromSettings,
  formatConfig,
  MAX_CONFIG_BYTES,
  parseConfigText,
  readConfigFile,
} from '../../src/main/config'

const good = (): Record<string, unknown> =>
  JSON.parse(formatConfig(configFromSettings(defaultSettings()), 'json')) as Record<string, unknown>

const problems = (text: string): string[] => {
  const r = parseConfigText(text)
  expect(r.ok).toBe(false)
  return r.ok ? [] : r.problems
}

describe('config import refuses a bad file whole, by line and field', () => {
  it('accepts the export of the default settings', () => {
    expect(parseConfigText(JSON.stringify(good(), null, 2)).ok).toBe(true)
  })

  it('lists every problem with its line and field (JSON)', () => {
    const doc = good()
    const rules = doc.rules as Record<string, unknown>[]
    ;(rules[0]!.condition as Record<string, unknown>).thresholdPct = -5
    ;(doc.polling as Record<string, unknown>).intervalMinutes = 0
    const text = JSON.stringify(doc, null, 2)
    const lines = text.split('\n')
    const at = (needle: string): number => lines.findIndex((l) => l.includes(needle)) + 1
    const list = problems(text)
    expect(list).toContain(
      `line ${at('"intervalMinutes"')}, polling.intervalMinutes: must be at least 1 minute`,
    )
    expect(
      list.some((p) =>
        p.startsWith(`line ${at('"thresholdPct"')}, rules[0].condition.thresholdPct: `),
      ),
    ).toBe(true)
    expect(list).toHaveLength(2)
  })

  it('refuses a contact point address the Settings form refuses: plain http to another computer', () => {
    const doc = good()
    const points = doc.contactPoints as Record<string, unknown>[]
    const common = { enabled: true, isDefault: false, minSeverity: 'warning', quietHours: null }
    const template = { title: null, body: null }
    points.push(
      { ...common, id: 'phone', name: 'Phone', kind: 'ntfy', template },
      { ...common, id: 'am', name: 'AM', kind: 'alertmanager', template },
      { ...common, id: 'local-am', name: 'Local AM', kind: 'alertmanager', template },
    )
    Object.assign(points.at(-3)!, { server: 'http://ntfy.example.com', topic: 'alerts' })
    Object.assign(points.at(-2)!, { url: 'ftp://am.example.com' })
    Object.assign(points.at(-1)!, { url: 'http://127.0.0.1:9093' })
    const text = JSON.stringify(doc, null, 2)
    const lines = text.split('\n')
    const at = (needle: string): number => lines.findIndex((l) => l.includes(needle)) + 1
    expect(problems(text)).toEqual([
      `line ${at('"http://ntfy.example.com"')}, contactPoints[0].server: uses plain http:// to ntfy.example.com, which would send your alerts unprotected — use https:// (plain http:// is only for this computer: localhost, 127.0.0.1 or ::1).`,
      `line ${at('"ftp://am.example.com"')}, contactPoints[1].url: must start with https://.`,
    ])
  })

  it("refuses a second desktop contact point, and the desktop's id on another kind", () => {
    const doc = good()
    const common = { enabled: true, isDefault: false, minSeverity: 'warning', quietHours: null }
    const template = { title: null, body: null }
    ;(doc.contactPoints as unknown[]).push(
      { ...common, id: 'desktop', name: 'Hook', kind: 'webhook', format: 'json', template },
      { ...common, id: 'desk2', name: 'Desk 2', kind: 'desktop', template },
    )
    const text = JSON.stringify(doc, null, 2)
    const lines = text.split('\n')
    const at = (needle: string): number => lines.findIndex((l) => l.includes(needle)) + 1
    expect(problems(text)).toEqual([
      `line ${at('"id": "desktop"')}, contactPoints[0].id: The id "desktop" is the desktop's; choose another id.`,
      `line ${at('"id": "desk2"')}, contactPoints[1].id: The desktop contact point's id is "desktop"; there is only one.`,
    ])
  })

  it('names lines in YAML too', () => {
    const text = formatConfig(configFromSettings(defaultSettings()), 'yaml').replace(
      'intervalMinutes: 5',
      'intervalMinutes: "five"',
    )
    const line = text.split('\n').findIndex((l) => l.includes('intervalMinutes')) + 1
    expect(problems(text)).toEqual([
      `line ${line}, polling.intervalMinutes: should be a number but is text ("five")`,
    ])
  })

  it('refuses a wrong version, saying which it reads', () => {
    expect(problems(JSON.stringify({ ...good(), version: 2 }))).toEqual([
      expect.stringMatching(/^line 1, version: should be 1 but is 2; .*newer version/),
    ])
  })

  it('refuses an unknown condition kind', () => {
    const doc = good()
    ;(doc.rules as Record<string, unknown>[])[0]!.condition = {
      kind: 'moon-phase',
      thresholdPct: 5,
    }
    const list = problems(JSON.stringify(doc, null, 2))
    expect(list).toHaveLength(1)
    expect(list[0]).toMatch(
      /^line \d+, rules\[0\]\.condition\.kind: is not a condition kind Liquidity Watch knows; the kinds are tvl-change, /,
    )
  })

  it('refuses unknown fields, each on its own line', () => {
    const text = JSON.stringify({ ...good(), startAtLogin: true, colour: 'red' }, null, 2)
    const list = problems(text)
    expect(list).toHaveLength(2)
    expect(list.join('\n')).toMatch(/startAtLogin: is not a field Liquidity Watch knows/)
  })

  it('refuses duplicate symbols, rule ids and keys', () => {
    const doc = good()
    doc.watchlist = ['TSLA', 'NVDA', 'TSLA']
    const rules = doc.rules as Record<string, unknown>[]
    doc.rules = [rules[0], { ...rules[0], name: 'again' }]
    const list = problems(JSON.stringify(doc, null, 2))
    expect(list.join('\n')).toMatch(/line \d+, watchlist: lists TSLA twice/)
    expect(list.join('\n')).toMatch(/line \d+, rules: has two rules with the id default-7d-drop/)
    expect(problems('{"version": 1,\n"watchlist": [],\n"watchlist": ["A"]}')).toEqual([
      'line 3: the same key is given twice in one object (each key may appear once)',
    ])
  })

  it('refuses a secret in a contact point, in plain words', () => {
    const doc = good()
    doc.contactPoints = [
      { id: 'ops', name: 'Ops', kind: 'webhook', url: 'https://hooks.example/x?token=s3cret' },
    ]
    const list = problems(JSON.stringify(doc, null, 2))
    expect(list).toEqual([expect.stringMatching(/^line \d+, contactPoints\[0\]\.url: is a secret/)])
    expect(list.join('')).not.toContain('s3cret')
  })

  it('refuses a per-symbol override threshold the condition cannot use', () => {
    const doc = good()
    ;(doc.rules as Record<string, unknown>[])[0]!.overrides = { TSLA: { threshold: 100_000 } }
    expect(problems(JSON.stringify(doc, null, 2))).toEqual([
      expect.stringMatching(/^line \d+, rules\[0\]\.overrides\.TSLA\.threshold: cannot be used: /),
    ])
  })

  it('refuses a 10 MB file before reading it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lw-config-'))
    try {
      const path = join(dir, 'big.json')
      await writeFile(path, `{"version":1,"watchlist":[${'"A",'.repeat(2_600_000)}"B"]}`)
      const r = readConfigFile(path)
      expect(r).toEqual({
        ok: false,
        problems: [
          expect.stringMatching(/^the file is 9\.9 MB; a config file can be at most 4\.0 MB/),
        ],
      })
      expect(problems('x'.repeat(MAX_CONFIG_BYTES + 1))[0]).toMatch(/at most 4\.0 MB/)
    } finally {
      await rm(dir, { recursive: true })
    }
  })

  it('refuses deep nesting, in JSON and in YAML', () => {
    expect(
      problems(`{"version":1,"watchlist":${'['.repeat(10_000)}${']'.repeat(10_000)}}`),
    ).toEqual([expect.stringMatching(/^line 1: the file nests more than 32 levels deep/)])
    let yaml = 'version: 1\nwatchlist:\n'
    for (let i = 1; i < 60; i++) yaml += `${'  '.repeat(i)}a:\n`
    expect(problems(yaml)[0]).toMatch(/nests more than 32 levels deep/)
  })

  it('refuses a YAML alias bomb', () => {
    const bomb = [
      'version: 1',
      'a: &a ["x","x","x","x","x","x","x","x","x"]',
      'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
      'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
      'watchlist: [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
    ].join('\n')
    expect(problems(bomb)).toEqual([
      expect.stringMatching(/repeats its anchors .* more than 100 times/),
    ])
  })

  it('refuses an empty file, a list, and two documents', () => {
    expect(problems('  \n')).toEqual(['the file is empty'])
    expect(problems('[1, 2]')[0]).toMatch(/should hold one object/)
    expect(problems('version: 1\n---\nversion: 1\n')[0]).toMatch(
      /^line 2: the file holds more than one document/,
    )
  })
})
