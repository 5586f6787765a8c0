// A Service URL saved in the settings that cannot be used is an error for `check` (exit 2, saying
// what to fix), not a silent switch to the built-in demo data; and it stays one on the next run.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cli, dataDirs } from './run-cli'

const T = 60_000
const dirs = dataDirs()

describe('cli check with an unusable saved Service URL', () => {
  it(
    'exits 2 naming the file and the fix, never runs on demo data, on every run',
    { timeout: T },
    async () => {
      const dir = await dirs.make()
      mkdirSync(dir, { recursive: true })
      const path = join(dir, 'settings.json')
      const text = JSON.stringify({
        version: 1,
        watchlist: ['TSLA'],
        baseUrl: 'ftp://example.com/',
      })
      writeFileSync(path, text)
      for (let run = 1; run <= 2; run++) {
        const r = await cli(['check', '--data-dir', dir], {
          LIQUIDITY_API_KEY: 'sk-cli-url-0123456789',
        })
        expect(r.code, r.stderr).toBe(2)
        expect(r.stderr).not.toMatch(/Demo data — built-in demo data/)
        expect(r.stderr).toMatch(/^error: .*Service URL/m)
        expect(r.stderr).toContain(path)
        expect(r.stderr).toMatch(/--base-url/)
        expect(r.stdout).not.toMatch(/^TSLA/m)
        expect(readFileSync(path, 'utf8')).toBe(text)
      }
      // Demo data when the user asks for it.
      const demo = await cli(['check', '--demo', '--data-dir', dir])
      expect([0, 1], demo.stderr).toContain(demo.code)
      expect(demo.stderr).toMatch(/Demo data — built-in demo data/)
      expect(demo.stdout).toMatch(/^TSLA/m)
      expect(readFileSync(path, 'utf8')).toBe(text)
      await dirs.cleanup()
    },
  )

  it.each([
    ['a URL that is not text', '{"version":1,"watchlist":["TSLA"],"baseUrl":12}'],
    [
      'a file cut short after its URL',
      '{"version":1,"watchlist":["TSLA"],"baseUrl":"https://api.exa',
    ],
  ])('%s: exits 2 too, and the file is kept', { timeout: T }, async (_, text) => {
    const dir = await dirs.make()
    const path = join(dir, 'settings.json')
    writeFileSync(path, text)
    const r = await cli(['check', '--data-dir', dir], {
      LIQUIDITY_API_KEY: 'sk-cli-url-0123456789',
    })
    expect(r.code, r.stderr).toBe(2)
    expect(r.stderr).not.toMatch(/Demo data — built-in demo data/)
    expect(r.stderr).toMatch(/^error: .*Service URL/m)
    expect(readFileSync(path, 'utf8')).toBe(text)
  })
})
