// `config export --format yaml` read by a YAML 1.1 reader (PyYAML, what Ansible and many scripts
// use): a time like 22:00 is a number there (1320), and yes/no/on/off/y/n are booleans, so such
// strings must be quoted. The bundled command writes the file; python3's yaml reads it.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { defaultSettings } from '../../src/shared/settings-schema'
import { cli, dataDirs } from './run-cli'

const dirs = dataDirs()
afterAll(() => dirs.cleanup())

/** The document as PyYAML's safe_load reads it, as JSON. */
const pyYaml = (file: string): unknown =>
  JSON.parse(
    execFileSync(
      'python3',
      ['-c', 'import json,sys,yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))', file],
      { encoding: 'utf8' },
    ),
  )

describe('config export --format yaml, read by a YAML 1.1 reader', () => {
  it('PyYAML reads the same document as the JSON export: times, yes/no and ON stay strings', async () => {
    const dir = await dirs.make()
    const s = defaultSettings()
    writeFileSync(
      join(dir, 'settings.json'),
      JSON.stringify({
        ...s,
        watchlist: ['TSLA', 'ON', 'Y', 'NO'],
        quietHours: { ...s.quietHours, enabled: true, start: '22:00', end: '07:30' },
        rules: s.rules.map((r) => ({ ...r, name: 'yes' })),
      }),
    )
    const file = join(dir, 'lw.yaml')
    const yaml = await cli(['config', 'export', '--out', file, '--data-dir', dir])
    expect(yaml.code, yaml.stderr).toBe(0)
    const json = await cli(['config', 'export', '--format', 'json', '--data-dir', dir])
    expect(pyYaml(file)).toEqual(JSON.parse(json.stdout))
    // And the file still imports to the same bytes.
    const again = await cli(['config', 'import', file, '--data-dir', dir])
    expect(again.code, again.stderr).toBe(0)
    const after = await cli(['config', 'export', '--format', 'yaml', '--data-dir', dir])
    expect(after.stdout).toBe(readFileSync(file, 'utf8'))
  })
})
