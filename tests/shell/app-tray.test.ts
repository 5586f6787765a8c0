// The tray and OS notifications of the real app (src/main/index.ts through the Electron fake):
// the tooltip, icon and menu follow the worst state and the count, the menu acts, and a
// notification the engine sends is shown, kept alive, and opens its asset when clicked.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { onlyInThrowawayKeyring } from './throwaway-keyring'
import { closeAll, launchApp } from './launch'

let service: LocalService | null = null
afterEach(async () => {
  await closeAll()
  await service?.close()
  service = null
})

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

describe('the tray follows the engine (live service on 127.0.0.1)', () => {
  beforeEach(onlyInThrowawayKeyring)

  it('says a fetch failed, then all clear, then pending, then the firing count with the alert icon', async () => {
    service = await startLocalService()
    const app = await launchApp({ settings: { baseUrl: service.url, watchlist: ['TSLA', 'NVDA'] } })
    const tray = app.tray()
    try {
      // No key stored yet: every request fails, and the tray says so in those words.
      const noKey = await app.polled()
      expect(noKey.worstState).toBe('error')
      expect(tray.tooltip).toMatch(/could not fetch/i)
      expect(tray.tooltip).not.toMatch(/alert rule/i)
      expect(tray.image.path).toMatch(/tray\.png$/)
      expect(tray.image.isEmpty()).toBe(false)

      await app.call('setApiKey', service.apiKey)
      const ok = await app.polled(noKey.lastAttemptAt)
      expect(ok).toMatchObject({ worstState: 'ok', firingCount: 0, connection: 'online' })
      expect(tray.tooltip).toBe('Liquidity Watch — all clear')

      service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
      tray.menu!.click('Refresh now')
      const pending = await app.polled(ok.lastAttemptAt)
      expect(pending.worstState).toBe('pending')
      expect(tray.tooltip).toBe('Liquidity Watch — an alert is pending')
      expect(tray.image.path).toMatch(/tray\.png$/)

      tray.menu!.click('Refresh now')
      const firing = await app.polled(pending.lastAttemptAt)
      expect(firing).toMatchObject({ worstState: 'firing', firingCount: 1 })
      expect(tray.tooltip).toBe('Liquidity Watch — 1 alert firing')
      expect(tray.image.path).toMatch(/tray-alert\.png$/)
      expect(tray.image.isEmpty()).toBe(false)

      // The engine's 'sent' decision became one OS notification about TSLA.
      const made = app.electron.Notification.made
      expect(made).toHaveLength(1)
      const ref = made[0]!
      await new Promise((r) => setImmediate(r))
      gc() // the app must keep it referenced, or its click handler is collected with it
      const shown = ref.deref()
      expect(shown, 'the notification was garbage-collected').toBeDefined()
      expect(shown!.shown).toBe(true)
      expect(shown!.options.title).toContain('TSLA')
      expect(shown!.options.icon).toMatch(/icon\.png$/)

      app.window().close() // in the tray
      shown!.click()
      expect(app.window().isVisible()).toBe(true)
      expect(app.window().focused).toBe(true)
      expect(app.events('navigate').at(-1)).toEqual({ view: 'asset', symbol: 'TSLA' })
    } finally {
      await app.call('clearApiKey').catch(() => undefined)
    }
  })
})

describe('the tray menu', () => {
  it('refreshes, pauses and resumes notifications, opens the window and quits', async () => {
    const app = await launchApp()
    const tray = app.tray()
    const first = await app.polled()
    expect(tray.tooltip).toBe('Liquidity Watch — all clear · demo data')
    expect(tray.menu!.labels()).toEqual([
      'All clear — show alerts',
      '---',
      'Open Liquidity Watch',
      'Refresh now',
      'Pause notifications for 1 hour',
      '---',
      'Quit Liquidity Watch',
    ])

    tray.menu!.click('Refresh now')
    const second = await app.polled(first.lastAttemptAt)
    expect(second.lastSuccessAt! > first.lastSuccessAt!).toBe(true)

    tray.menu!.click('Pause notifications for 1 hour')
    await expect.poll(() => tray.tooltip).toMatch(/notifications paused until/)
    const paused = await app.call('getStatus')
    const hour = Date.parse(paused.notificationsPausedUntil!) - Date.now()
    expect(hour).toBeGreaterThan(59 * 60_000)
    expect(hour).toBeLessThanOrEqual(60 * 60_000)
    tray.menu!.click('Resume notifications')
    await expect.poll(() => tray.tooltip).not.toMatch(/paused/)
    expect((await app.call('getStatus')).notificationsPausedUntil).toBeNull()

    app.window().close()
    tray.menu!.click('Open Liquidity Watch')
    expect(app.window().isVisible()).toBe(true)

    app.window().close()
    tray.menu!.click('All clear — show alerts')
    expect(app.window().isVisible()).toBe(true)
    expect(app.events('navigate').at(-1)).toEqual({ view: 'alerts' })

    tray.menu!.click('Quit Liquidity Watch')
    expect(await app.electron.app.exited).toBe(0)
    expect(tray.destroyed).toBe(true)
    expect(app.window().isDestroyed()).toBe(true)
  })
})
