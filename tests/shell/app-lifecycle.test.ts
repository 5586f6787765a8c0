// The real app's life in the tray (src/main/index.ts through the Electron fake): sleep pauses
// polling and wake polls once, closing the window keeps polling, and quitting waits until what
// the app holds in memory is on disk.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { closeAll, launchApp } from './launch'

afterEach(closeAll)

const cacheFile = (userData: string): string =>
  join(userData, 'caches', 'demo', 'response-cache.json')
const cachedKeys = (userData: string): string[] =>
  existsSync(cacheFile(userData))
    ? Object.keys(
        (JSON.parse(readFileSync(cacheFile(userData), 'utf8')) as { entries: object }).entries,
      )
    : []

describe('sleep and wake', () => {
  it('suspend pauses the poller; resume polls once, then keeps the normal interval', async () => {
    const app = await launchApp()
    const first = await app.polled()
    const settings = await app.call('getSettings')

    app.electron.powerMonitor.emit('suspend')
    const asleep = await app.call('getStatus')
    expect(asleep).toMatchObject({ connection: 'paused', nextPollAt: null })
    expect(app.tray().tooltip).toContain('polling paused')

    app.electron.powerMonitor.emit('resume')
    const woke = await app.polled(first.lastAttemptAt)
    expect(woke.connection).toBe('online')
    const attempts = new Set(app.events('statusChanged').map((s) => s.lastAttemptAt))
    expect([...attempts].filter((a) => a !== null && a > first.lastAttemptAt!)).toHaveLength(1)
    // One poll on waking; the next one is a whole interval later.
    const gap = Date.parse(woke.nextPollAt!) - Date.parse(woke.lastAttemptAt!)
    expect(gap).toBeGreaterThan(settings.intervalMinutes * 60_000 - 5_000)
    expect(app.tray().tooltip).not.toContain('polling paused')
  })
})

describe('closing the window', () => {
  it('hides it in the tray and polling goes on', async () => {
    const app = await launchApp()
    const first = await app.polled()
    app.window().close()
    expect(app.window().isDestroyed()).toBe(false)
    expect(app.window().isVisible()).toBe(false)
    expect(app.electron.app.exitCode).toBeNull()
    expect((await app.call('getStatus')).nextPollAt).not.toBeNull()

    app.tray().menu!.click('Refresh now')
    const again = await app.polled(first.lastAttemptAt)
    expect(again.connection).toBe('online')
    // The hidden window still hears about it, so it is current when shown.
    expect(app.events('statusChanged').at(-1)!.lastAttemptAt).toBe(again.lastAttemptAt)

    app.electron.app.emit('activate') // macOS dock click
    expect(app.window().isVisible()).toBe(true)
  })
})

describe('quitting', () => {
  it('waits until the cache is flushed: what a screen fetched since the last poll is on disk', async () => {
    const app = await launchApp()
    await app.polled()
    const afterPoll = cachedKeys(app.userData)
    expect(afterPoll.length).toBeGreaterThan(0)
    const { baseUrl } = await app.call('getStatus')

    // A screen asks for analytics the poll does not: cached in memory, saved with the next flush.
    await app.call('getAnalytics', { groupBy: 'issuer', assetType: 'commodity', days: 30 })
    expect(cachedKeys(app.userData)).toEqual(afterPoll)

    let atQuit: string[] | null = null
    app.electron.app.on('quit', () => (atQuit = cachedKeys(app.userData)))
    app.electron.app.quit()
    expect(app.electron.app.exitCode).toBeNull() // held until saved
    expect(await app.electron.app.exited).toBe(0)

    expect(atQuit).not.toBeNull()
    expect(atQuit!.length).toBe(afterPoll.length + 1)
    expect(app.tray().destroyed).toBe(true)
    expect(app.window().isDestroyed()).toBe(true)
    // The embedded service was closed before the app went.
    expect(
      await fetch(baseUrl).then(
        () => 'open',
        () => 'closed',
      ),
    ).toBe('closed')
  })

  it('a quit asked twice while saving still quits once', async () => {
    const app = await launchApp()
    await app.polled()
    let quits = 0
    app.electron.app.on('quit', () => quits++)
    app.electron.app.quit()
    app.electron.app.quit()
    expect(await app.electron.app.exited).toBe(0)
    expect(quits).toBe(1)
  })
})
