// A config file's contact point names the environment variable holding its secret (urlEnv,
// tokenEnv, passwordEnv), never the secret: accepted, imported and exported the same; a secret
// itself is refused with what to do instead; a bad variable name is refused by line and field.
import { describe, expect, it } from 'vitest'
import { defaultSettings } from '../../src/shared/settings-schema'
import {
  configFromSettings,
  formatConfig,
  parseConfigText,
  settingsFromConfig,
} from '../../src/main/config'

const common = {
  enabled: true,
  isDefault: false,
  minSeverity: 'info',
  quietHours: null,
  template: { title: null, body: null },
}
const points = [
  { ...common, id: 'hook', name: 'Hook', kind: 'webhook', format: 'slack', urlEnv: 'SLACK_URL' },
  { ...common, id: 'phone', name: 'Phone', kind: 'ntfy', topic: 'lw', tokenEnv: 'NTFY_TOKEN' },
  {
    ...common,
    id: 'mail',
    name: 'Mail',
    kind: 'email',
    host: 'smtp.example.com',
    from: 'lw@example.com',
    to: ['me@example.com'],
    passwordEnv: 'SMTP_PASSWORD',
  },
]

function doc(contactPoints: unknown[]): string {
  const d = JSON.parse(formatConfig(configFromSettings(defaultSettings()), 'json')) as Record<
    string,
    unknown
  >
  return JSON.stringify({ ...d, contactPoints }, null, 2)
}

describe('contact point secrets by environment variable name in a config file', () => {
  it('are accepted and export the same bytes after import (json and yaml)', () => {
    const r = parseConfigText(doc(points))
    if (!r.ok) throw new Error(r.problems.join('\n'))
    const settings = settingsFromConfig(defaultSettings(), r.config)
    expect(
      settings.contactPoints.map((p) => Object.entries(p).find(([k]) => k.endsWith('Env'))),
    ).toEqual([
      ['urlEnv', 'SLACK_URL'],
      ['tokenEnv', 'NTFY_TOKEN'],
      ['passwordEnv', 'SMTP_PASSWORD'],
    ])
    for (const format of ['json', 'yaml'] as const) {
      const text = formatConfig(configFromSettings(settings), format)
      const again = parseConfigText(text)
      if (!again.ok) throw new Error(again.problems.join('\n'))
      const back = settingsFromConfig(defaultSettings(), again.config)
      expect(formatConfig(configFromSettings(back), format)).toBe(text)
    }
  })

  it('a secret itself is refused, saying to name a variable or use the app', () => {
    const text = doc([{ ...points[0], urlEnv: undefined, url: 'https://hooks.example.com/T0/x' }])
    const line = text.split('\n').findIndex((l) => l.includes('"url"')) + 1
    const r = parseConfigText(text)
    expect(r.ok ? [] : r.problems).toEqual([
      `line ${line}, contactPoints[0].url: is a secret and is never read from a config file: name an environment variable with urlEnv (on a server) or enter it in the app's Settings → Contact points`,
    ])
  })

  it('a variable name that is not one is refused by line and field', () => {
    const text = doc([{ ...points[0], urlEnv: 'https://hooks.example.com/T0/x' }])
    const line = text.split('\n').findIndex((l) => l.includes('"urlEnv"')) + 1
    const r = parseConfigText(text)
    const problems = r.ok ? [] : r.problems
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(
      new RegExp(
        `^line ${line}, contactPoints\\[0\\]\\.urlEnv: should name an environment variable`,
      ),
    )
    // The value is not echoed back: it may be the secret pasted in the wrong field.
    expect(problems[0]).not.toContain('hooks.example.com')
  })
})
