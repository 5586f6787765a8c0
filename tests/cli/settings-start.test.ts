// The CLI starts whatever the data dir holds, and refuses a bad --base-url before touching anything.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { defaultSettings } from '../../src/shared/settings-schema'
import { cli, dataDirs } from './run-cli'

const T = 90_000

const dirs = dataDirs()
const dataDir = (): Promise<string> => dirs.make()
afterAll(() => dirs.cleanup())

describe('cli check with settings it cannot use', () => {
  it(
    'a saved Service URL the client refuses: an error saying what to fix (exit 2), never demo data; the file is kept',
    { timeout: T },
    async () => {
      const dir = await dataDir()
      const text = JSON.stringify({
        ...defaultSettings(),
        watchlist: ['MSFT'],
        baseUrl: 'ftp://x.example',
      })
      writeFileSync(join(dir, 'settings.json'), text)
      const r = await cli(['check', '--data-dir', dir])
      expect(r.stderr).toMatch(/^error: .*Service URL.*must start with https:\/\//m)
      expect(r.stderr).not.toContain('Demo data — built-in demo data')
      expect(r.stdout).not.toMatch(/^MSFT\s+\$/m)
      expect(r.code).toBe(2)
      expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(text)
    },
  )

  it('settings.json is a directory: still runs, with a note', { timeout: T }, async () => {
    const dir = await dataDir()
    mkdirSync(join(dir, 'settings.json'))
    const r = await cli(['check', '--data-dir', dir])
    expect(r.stderr).toMatch(/^note: .*settings/m)
    expect(r.stdout).toMatch(/^TSLA\s+\$/m)
    expect(r.code).toBe(0)
  })

  it.each([
    ['ftp://x.example', /must start with https:\/\//],
    ['http://api.example.com', /plain http:\/\//],
    ['https://u:p@api.example.com', /user name or password/],
    ['not a url', /not a web address/],
  ])(
    '--base-url %s exits 2 at once with the reason and a usage hint, touching nothing',
    { timeout: T },
    async (url, reason) => {
      const dir = await dataDir()
      const r = await cli(['check', '--base-url', url, '--data-dir', dir])
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(/^error: --base-url: /m)
      expect(r.stderr).toMatch(reason)
      expect(r.stderr).toMatch(/--help/)
      expect(r.stdout).toBe('')
      expect(await readdir(dir)).toEqual([])
    },
  )
})
