// Sleep through the real app (src/main/index.ts on the Electron fake): powerMonitor 'suspend', the
// wall clock jumps 9 h (Date is the one thing faked: the clock is a true boundary), 'resume'; the
// alerts that crossed meanwhile reach the OS as ONE notification, not a burst.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { onlyInThrowawayKeyring } from './throwaway-keyring'
import { closeAll, launchApp } from './launch'

let service: LocalService | null = null
afterEach(async () => {
  await closeAll()
  await service?.close()
  service = null
  vi.useRealTimers()
})

const HOUR = 3_600_000

describe('waking from sleep', () => {
  beforeEach(onlyInThrowawayKeyring)

  it('sends one "while you were away" notification for what crossed', async () => {
    // Timers stay real; Date runs on with them and can jump as a machine's clock does over sleep.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    service = await startLocalService()
    const app = await launchApp({
      settings: { baseUrl: service.url, watchlist: ['TSLA', 'NVDA', 'AAPL'] },
    })
    const noKey = await app.polled()
    await app.call('setApiKey', service.apiKey)
    const ok = await app.polled(noKey.lastAttemptAt)
    expect(ok.connection).toBe('online')
    for (const symbol of ['TSLA', 'NVDA'])
      service.scenarios.add({ kind: 'tvl-drop', symbol, pct: 30, windowDays: 1 })
    app.tray().menu!.click('Refresh now')
    const pending = await app.polled(ok.lastAttemptAt)
    expect(pending.worstState).toBe('pending')
    const before = app.electron.Notification.made.length

    app.electron.powerMonitor.emit('suspend')
    vi.setSystemTime(Date.now() + 9 * HOUR)
    app.electron.powerMonitor.emit('resume')
    const woke = await app.polled(pending.lastAttemptAt)
    expect(woke.firingCount).toBe(2)

    const made = app.electron.Notification.made.slice(before).map((r) => r.deref()?.options)
    expect(made).toHaveLength(1)
    expect(made[0]!.title).toMatch(/^While you were away \(9 h( \d+ min)?\): 2 alerts fired$/)
    expect(made[0]!.body).toMatch(/• TSLA .*\(still firing\)/)
    expect(made[0]!.body).toMatch(/• NVDA .*\(still firing\)/)
    expect((await app.call('getAwayDigest'))?.fired).toBe(2)
  })
})
