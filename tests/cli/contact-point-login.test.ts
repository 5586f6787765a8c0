// A contact point address with a login in it (https://user:password@host/…) is refused where the
// file is read, not when an alert is sent: `config import` names the line and field, says where a
// token goes instead, never repeats the password, and changes nothing.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { defaultSettings } from '../../src/shared/settings-schema'
import { cli, dataDirs } from './run-cli'

const dirs = dataDirs()
afterAll(() => dirs.cleanup())

const common = {
  enabled: true,
  isDefault: false,
  minSeverity: 'info',
  quietHours: null,
  template: { title: null, body: null },
}

describe('config import: an address with a login in it', () => {
  it('is refused by line and field, in plain words, without the password', async () => {
    const dir = await dirs.make()
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(defaultSettings()))
    const before = readFileSync(join(dir, 'settings.json'), 'utf8')
    const doc = JSON.parse((await cli(['config', 'export', '--data-dir', dir])).stdout) as Record<
      string,
      unknown
    >
    doc.contactPoints = [
      {
        ...common,
        id: 'phone',
        name: 'Phone',
        kind: 'ntfy',
        server: 'https://me:hunter2pw@ntfy.example.com',
        topic: 'alerts',
      },
      {
        ...common,
        id: 'am',
        name: 'AM',
        kind: 'alertmanager',
        url: 'https://am:s3cretpw@am.example.com',
      },
    ]
    const text = JSON.stringify(doc, null, 2)
    const file = join(dir, 'login.json')
    writeFileSync(file, text)
    const lineOf = (needle: string): number =>
      text.split('\n').findIndex((l) => l.includes(needle)) + 1
    const r = await cli(['config', 'import', file, '--data-dir', dir])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(
      new RegExp(
        `line ${lineOf('hunter2pw')}, contactPoints\\[0\\]\\.server: has a user name or password in it .*token field \\(tokenEnv in a config file\\)`,
      ),
    )
    expect(r.stderr).toMatch(
      new RegExp(
        `line ${lineOf('s3cretpw')}, contactPoints\\[1\\]\\.url: has a user name or password in it`,
      ),
    )
    expect(r.stderr + r.stdout).not.toMatch(/hunter2pw|s3cretpw/)
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(before)
  })

  it('check --contact-point with one in its webhook url is refused before the run, without it', async () => {
    const r = await cli([
      'check',
      '--data-dir',
      await dirs.make(),
      '--contact-point',
      '{"kind":"webhook","url":"https://bot:s3cretpw@hooks.example.com/services/T0/B0/x"}',
    ])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(
      /^error: --contact-point 1: "url" has a user name or password in it \(the part before "@"\)/m,
    )
    expect(r.stderr + r.stdout).not.toContain('s3cretpw')
  })
})
