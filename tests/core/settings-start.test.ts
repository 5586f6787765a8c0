// Nothing saved can stop the app: a settings file the app cannot use is repaired field by field at
// start (real files, the real conf store, the real core), and a change the app could not start
// with is refused before it is saved.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { defaultSettings, type Settings } from '../../src/shared/settings-schema'
import { harness, seedSettings, tempDir, type Harness } from './helpers'
import { FakeClock } from '../engine/scheduler/fake-clock'

let h: Harness | null = null
let svc: LocalService | null = null
let cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  await h?.close()
  h = null
  await svc?.close()
  svc = null
  for (const c of cleanups) await c()
  cleanups = []
})

async function dataDir(): Promise<string> {
  const t = await tempDir()
  cleanups.push(t.cleanup)
  return t.dir
}

/** A settings file as an older version or a hand edit left it: valid except for what `edit` does. */
function writeRaw(dir: string, edit: (s: Settings) => Record<string, unknown>): void {
  writeFileSync(join(dir, 'settings.json'), JSON.stringify(edit(defaultSettings()), null, 2))
}

const mine = (s: Settings): Settings => ({
  ...s,
  watchlist: ['MSFT', 'GOLD'],
  intervalMinutes: 15,
  rules: s.rules.map((r) => ({ ...r, name: 'My drop rule', pendingCycles: 3 })),
})

const asideFiles = (dir: string): string[] =>
  readdirSync(dir).filter((n) => n.includes('.corrupt-'))

describe('a saved Service URL the client refuses', () => {
  it.each([
    ['ftp://', 'ftp://files.example.com/liquidity', /must start with https:\/\//],
    [
      'plain http to another host',
      'http://api.example.com',
      /plain http:\/\/ to api\.example\.com/,
    ],
    ['a user name and password', 'https://user:pass@api.example.com', /user name or password/],
    ['a query', 'https://api.example.com/?key=abc', /query/],
  ])(
    'with %s: the next start works on demo data, keeps the watchlist and rules, and says so',
    async (_label, bad, reason) => {
      const dir = await dataDir()
      writeRaw(dir, (s) => ({ ...mine(s), baseUrl: bad }))
      h = await harness({ dir })
      const status = await h.core.refreshNow()
      expect(status.mode).toBe('demo')
      const s = await h.core.getSettings()
      expect(s).toMatchObject({ baseUrl: null, watchlist: ['MSFT', 'GOLD'], intervalMinutes: 15 })
      expect(s.rules[0]).toMatchObject({ name: 'My drop rule', pendingCycles: 3 })
      expect(status.notices).toHaveLength(1)
      const notice = status.notices[0]!
      expect(notice).toMatch(reason)
      expect(notice).toMatch(/Service URL/)
      // The file keeps the URL to fix (rewritten without it, the next start would be demo
      // data unasked): left in place as it was, nothing set aside.
      expect(notice).toMatch(/left as it is/)
      expect(asideFiles(dir)).toEqual([])
      expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toContain(bad)
      const rows = await h.core.getWatchlist()
      expect(rows.map((r) => r.symbol)).toEqual(['MSFT', 'GOLD'])
      expect(rows.every((r) => r.totalTvl !== null)).toBe(true)
    },
  )

  it('the next start goes back to the last good URL when there is one', async () => {
    const clock = new FakeClock()
    svc = await startLocalService({ now: () => clock.date() })
    const dir = await dataDir()
    seedSettings(dir, { baseUrl: svc.url, watchlist: ['TSLA'] })
    writeRaw(dir, (s) => ({ ...s, watchlist: ['TSLA', 'NVDA'], baseUrl: 'ftp://x' }))
    h = await harness({ dir, clock, key: svc.apiKey, keyFor: svc.url })
    const status = await h.core.refreshNow()
    expect(status).toMatchObject({ mode: 'live', baseUrl: svc.url, lastError: null })
    // Only the bad field came from the last good copy: the newer watchlist stays.
    expect((await h.core.getSettings()).watchlist).toEqual(['TSLA', 'NVDA'])
    expect(status.notices[0]).toMatch(/Service URL.*last good/)
  })

  it('updateSettings refuses it with the reason and saves nothing', async () => {
    const dir = await dataDir()
    h = await harness({ dir, settings: { watchlist: ['TSLA'] } })
    const before = readFileSync(join(dir, 'settings.json'), 'utf8')
    for (const [bad, reason] of [
      ['ftp://x', /must start with https:\/\//],
      ['http://10.0.0.5:8080', /plain http:\/\//],
      ['https://me:secret@api.example.com', /user name or password/],
      ['https://api.example.com/#top', /fragment/],
    ] as const) {
      await expect(h.core.updateSettings({ baseUrl: bad })).rejects.toMatchObject({
        kind: 'invalid-argument',
        message: expect.stringMatching(reason),
      })
    }
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(before)
    expect((await h.core.getSettings()).baseUrl).toBeNull()
    expect((await h.core.getStatus()).mode).toBe('demo')
  })

  it('a saved URL is stored normalised (no trailing slash, lower-case host)', async () => {
    svc = await startLocalService()
    const dir = await dataDir()
    h = await harness({ dir, key: svc.apiKey })
    const typed = `${svc.url.replace('http://', 'HTTP://')}/`
    const s = await h.core.updateSettings({ baseUrl: typed })
    expect(s.baseUrl).toBe(svc.url)
  })
})

describe('a saved watchlist that lists a symbol twice', () => {
  it('starts on that watchlist without the repeat (not the defaults), and says so', async () => {
    const dir = await dataDir()
    writeRaw(dir, (s) => ({ ...mine(s), watchlist: ['MSFT', 'GOLD', 'MSFT'] }))
    h = await harness({ dir })
    const status = await h.core.refreshNow()
    expect((await h.core.getWatchlist()).map((r) => r.symbol)).toEqual(['MSFT', 'GOLD'])
    expect((await h.core.getSettings()).rules[0]).toMatchObject({ name: 'My drop rule' })
    expect(status.notices).toHaveLength(1)
    expect(status.notices[0]).toMatch(/Watchlist lists MSFT twice/)
    expect(status.notices[0]).toContain(join(dir, 'settings.json.corrupt-'))
  })
})

describe('a saved notification pause far in the future (year 9999, from an old bug)', () => {
  it('is bounded at start to 24 hours from now, and the notice says so', async () => {
    const dir = await dataDir()
    const clock = new FakeClock('2025-06-02T12:00:00Z')
    writeRaw(dir, (s) => ({ ...mine(s), notificationsPausedUntil: '9999-01-01T00:00:00.000Z' }))
    h = await harness({ dir, clock })
    const status = await h.core.getStatus()
    expect(status.notificationsPausedUntil).toBe('2025-06-03T12:00:00.000Z')
    expect(status.notices[0]).toMatch(/paused until 9999-01-01.*ends 24 hours from now/)
    // The rest of the file is kept.
    expect((await h.core.getSettings()).watchlist).toEqual(['MSFT', 'GOLD'])
  })
})

describe('a settings file that cannot be read or written', () => {
  it('a directory in its place: moved aside, the app starts on defaults and names where it went', async () => {
    const dir = await dataDir()
    mkdirSync(join(dir, 'settings.json', 'inside'), { recursive: true })
    h = await harness({ dir })
    const status = await h.core.refreshNow()
    expect(status.mode).toBe('demo')
    expect(status.notices[0]).toMatch(/could not be read: a folder is in its place, code EISDIR/)
    expect(status.notices[0]).toContain(`kept as ${join(dir, asideFiles(dir)[0]!)}`)
    expect(readdirSync(join(dir, asideFiles(dir)[0]!))).toEqual(['inside'])
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toEqual(defaultSettings())
  })

  it('a save that fails later is refused in plain words, and the core keeps the settings it had', async () => {
    const dir = await dataDir()
    h = await harness({ dir, settings: { intervalMinutes: 7 } })
    rmSync(join(dir, 'settings.json'))
    mkdirSync(join(dir, 'settings.json'))
    await expect(h.core.updateSettings({ intervalMinutes: 30 })).rejects.toMatchObject({
      kind: 'storage',
      message: expect.stringMatching(/^Your change was not made: the settings could not be saved/),
    })
    expect((await h.core.getSettings()).intervalMinutes).toBe(7)
    await expect(h.core.removeSymbol('TSLA')).rejects.toMatchObject({ kind: 'storage' })
    expect((await h.core.getSettings()).watchlist).toContain('TSLA')
  })

  it('a directory in its place that cannot be moved aside: the app starts on settings in memory and says changes are not kept', async () => {
    const dir = await dataDir()
    const clock = new FakeClock('2025-06-02T12:00:00Z')
    mkdirSync(join(dir, 'settings.json'))
    // The name the quarantine would use is taken by a non-empty directory, so the rename fails.
    const asideName = `settings.json.corrupt-${clock.date().toISOString().replace(/[:.]/g, '-')}`
    mkdirSync(join(dir, asideName, 'occupied'), { recursive: true })
    h = await harness({ dir, clock })
    const status = await h.core.refreshNow()
    expect(status.mode).toBe('demo')
    expect((await h.core.getWatchlist()).map((r) => r.symbol)).toEqual(defaultSettings().watchlist)
    expect(status.notices.join('\n')).toMatch(/changes you make will not be kept/i)
    expect(status.notices.join('\n')).toContain(join(dir, 'settings.json'))
    // In-memory changes work for this session; nothing replaced the directory.
    const s = await h.core.updateSettings({ intervalMinutes: 30 })
    expect(s.intervalMinutes).toBe(30)
    expect((await h.core.getSettings()).intervalMinutes).toBe(30)
    expect(existsSync(join(dir, 'settings.json', '.'))).toBe(true)
  })
})
