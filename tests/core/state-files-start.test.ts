// A state file that cannot be read or used never stops the start: the core opens fresh in memory,
// keeps the bad file aside where it can, says what happened and where (status notices), and
// still polls and notifies. A folder in a file's place stands for every unreadable file (we run as
// root, so permissions cannot make one).
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ALERT_STATE_FILE } from '../../src/main/engine/storage/alert-state-store'
import { CACHE_FILE_NAME } from '../../src/main/engine/storage/cache'
import { NOTIFICATION_LOG_FILE } from '../../src/main/core/notification-log'
import { cycleThenWait, harness, row, seedSettings, tempDir, type Harness } from './helpers'

let h: Harness | null = null
let cleanup: (() => Promise<void>) | null = null
afterEach(async () => {
  await h?.close()
  h = null
  await cleanup?.()
  cleanup = null
})

async function dataDir(): Promise<string> {
  const t = await tempDir()
  cleanup = t.cleanup
  seedSettings(t.dir, { watchlist: ['TSLA'] })
  return t.dir
}

/** Polls through a 25 % drop: the core that started on repairs still alerts. */
async function stillAlerts(x: Harness): Promise<void> {
  await cycleThenWait(x)
  x.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 25, windowDays: 1 })
  await cycleThenWait(x)
  await cycleThenWait(x)
  expect(row(await x.core.getWatchlist(), 'TSLA').alertState).toBe('firing')
  expect(x.notified).toMatchObject([{ status: 'sent', symbol: 'TSLA' }])
}

async function asideOf(dir: string, file: string): Promise<string[]> {
  return (await readdir(dir)).filter((n) => n.startsWith(`${file}.corrupt-`))
}

describe('start-up with a state file that cannot be used', () => {
  it('alert-state.json is a folder: starts fresh, moves it aside, names where, and saves a new one', async () => {
    const dir = await dataDir()
    await mkdir(join(dir, ALERT_STATE_FILE, 'inside'), { recursive: true })
    h = await harness({ dir })
    const notices = (await h.core.getStatus()).notices
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatch(/alert state/i)
    expect(notices[0]).toMatch(/a folder is in its place/)
    const aside = await asideOf(dir, ALERT_STATE_FILE)
    expect(aside).toHaveLength(1)
    expect(notices[0]).toContain(join(dir, aside[0]!))
    expect((await stat(join(dir, aside[0]!, 'inside'))).isDirectory()).toBe(true)
    await stillAlerts(h)
    const saved = JSON.parse(await readFile(join(dir, ALERT_STATE_FILE), 'utf8')) as {
      history: { type: string }[]
    }
    expect(saved.history.map((e) => e.type)).toContain('fired')
  })

  it('alert-state.json is not valid JSON: the report names the file kept aside by full path', async () => {
    const dir = await dataDir()
    await writeFile(join(dir, ALERT_STATE_FILE), '{"version":1,"state":')
    h = await harness({ dir })
    const [notice] = (await h.core.getStatus()).notices
    const aside = await asideOf(dir, ALERT_STATE_FILE)
    expect(aside).toHaveLength(1)
    expect(notice).toContain(join(dir, aside[0]!))
    expect(await readFile(join(dir, aside[0]!), 'utf8')).toBe('{"version":1,"state":')
    await stillAlerts(h)
  })

  it('alert-state.json in the wrong shape: the notice says what is wrong in plain words', async () => {
    const dir = await dataDir()
    await writeFile(join(dir, ALERT_STATE_FILE), '[1, 2, 3]')
    h = await harness({ dir })
    const [notice] = (await h.core.getStatus()).notices
    expect(notice).toMatch(/could not be read \(the file should be an object but is a list\)/)
    expect(notice).not.toMatch(/Invalid|expected|received/)
    expect(await asideOf(dir, ALERT_STATE_FILE)).toHaveLength(1)
  })

  it('notification-log.json is a folder: the log starts empty and the app alerts as usual', async () => {
    const dir = await dataDir()
    await mkdir(join(dir, NOTIFICATION_LOG_FILE))
    h = await harness({ dir })
    const notices = (await h.core.getStatus()).notices
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatch(/notification log/i)
    expect(notices[0]).toMatch(/a folder is in its place/)
    const aside = await asideOf(dir, NOTIFICATION_LOG_FILE)
    expect(notices[0]).toContain(join(dir, aside[0]!))
    await stillAlerts(h)
    expect((await h.core.getNotificationLog())[0]!.decision.status).toBe('sent')
  })

  it('the cache folder cannot be made (a file in its place): the app runs on memory and says data cannot be saved', async () => {
    const dir = await dataDir()
    await writeFile(join(dir, 'caches'), 'not a folder')
    h = await harness({ dir })
    const [notice] = (await h.core.getStatus()).notices
    expect(notice).toMatch(/offline cache/i)
    expect(notice).toContain(join(dir, 'caches'))
    await stillAlerts(h)
    const status = await h.core.getStatus()
    expect(status.notices.filter((n) => /cannot save/i.test(n))).toHaveLength(1)
    // The file in the way was not touched.
    expect(await readFile(join(dir, 'caches'), 'utf8')).toBe('not a folder')
  })

  it('the cache file is a folder: set aside, named by path, and a fresh cache is saved', async () => {
    const dir = await dataDir()
    const cacheDir = join(dir, 'caches', 'demo')
    await mkdir(join(cacheDir, CACHE_FILE_NAME), { recursive: true })
    h = await harness({ dir })
    const [notice] = (await h.core.getStatus()).notices
    expect(notice).toMatch(/offline cache/i)
    const aside = await asideOf(cacheDir, CACHE_FILE_NAME)
    expect(notice).toContain(join(cacheDir, aside[0]!))
    await stillAlerts(h)
    expect(await readFile(join(cacheDir, CACHE_FILE_NAME), 'utf8')).toContain('"asset?symbol=TSLA"')
  })
})
