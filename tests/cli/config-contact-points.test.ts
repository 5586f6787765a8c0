// Contact points in a config file through the bundled `config import`: a rule may name only points
// the file has (a typo would send its alerts nowhere), refused by line and field, nothing changed.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { defaultSettings } from '../../src/shared/settings-schema'
import { cli, dataDirs } from './run-cli'

const dirs = dataDirs()
afterAll(() => dirs.cleanup())

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

async function exported(dir: string): Promise<Record<string, unknown>> {
  return JSON.parse((await cli(['config', 'export', '--data-dir', dir])).stdout) as Record<
    string,
    unknown
  >
}

describe('config import: contact points', () => {
  it('refuses a rule naming a contact point the file lacks, saying which there are', async () => {
    const dir = await dirs.make()
    // Saved settings to keep (export only reads, so it cannot make them).
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(defaultSettings()))
    const doc = await exported(dir)
    const before = readFileSync(join(dir, 'settings.json'), 'utf8')
    doc.contactPoints = [hook]
    ;(doc.rules as Record<string, unknown>[])[0]!.contactPoints = ['hoook']
    const text = JSON.stringify(doc, null, 2)
    const file = join(dir, 'typo.json')
    writeFileSync(file, text)
    const line = text.split('\n').findIndex((l) => l.includes('"hoook"')) + 1
    const r = await cli(['config', 'import', file, '--data-dir', dir])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(
      `  line ${line}, rules[0].contactPoints[0]: no contact point "hoook" (the file has: desktop, hook)`,
    )
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(before)
  })
})
