// A saved Service URL that cannot be used, with no last good copy holding one: start-up does not
// rewrite the file without it (the next start would use the demo data unasked); it says so, and
// other changes saved meanwhile keep it in the file, until the user enters a Service URL.
import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { aside, main, open, useSettingsDir } from './settings-setup'

useSettingsDir()

describe('an unusable saved Service URL', () => {
  it('leaves the file as it is and says so; the next saved change replaces it', () => {
    const text = JSON.stringify({ version: 1, watchlist: ['TSLA'], baseUrl: 'ftp://example.com/' })
    writeFileSync(main(), text)
    const s = open()
    expect(s.get()).toMatchObject({ watchlist: ['TSLA'], baseUrl: null })
    expect(s.report).toMatch(/Service URL cannot be used .*left as it is/)
    expect(readFileSync(main(), 'utf8')).toBe(text)
    expect(aside()).toEqual([])
    expect(open().report).toMatch(/Service URL cannot be used/)
    s.update((x) => ({ ...x, baseUrl: 'https://api.example.com' }))
    expect(JSON.parse(readFileSync(main(), 'utf8'))).toMatchObject({
      baseUrl: 'https://api.example.com',
    })
    expect(open().report).toBeNull()
  })

  it('another change saved meanwhile keeps the unusable URL in the file, so the next start does not switch to demo data', () => {
    writeFileSync(
      main(),
      JSON.stringify({ version: 1, watchlist: ['TSLA'], baseUrl: 'ftp://example.com/' }),
    )
    const s = open()
    s.update((x) => ({ ...x, watchlist: ['TSLA', 'NVDA'] }))
    const saved = JSON.parse(readFileSync(main(), 'utf8')) as Record<string, unknown>
    expect(saved).toMatchObject({ watchlist: ['TSLA', 'NVDA'], baseUrl: 'ftp://example.com/' })
    const again = open()
    expect(again.report).toMatch(/Service URL cannot be used/)
    expect(again.get().watchlist).toEqual(['TSLA', 'NVDA'])
  })
})
