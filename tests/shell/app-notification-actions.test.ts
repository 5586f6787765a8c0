// Snooze from the notification, through the real app (src/main/index.ts on the Electron fake): on
// macOS the alert's notification has "Snooze 1 h" and "Snooze until tomorrow" buttons; choosing one
// snoozes the symbol on the rule in the settings (the asset view's snooze), shows the window and
// sends it to the asset. Elsewhere there are no buttons, and a click on the body opens the asset.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { defaultRules } from '../../src/shared/alert-rules'
import { onlyInThrowawayKeyring } from './throwaway-keyring'
import { closeAll, launchApp, type RunningApp } from './launch'

let service: LocalService | null = null
const platform = Object.getOwnPropertyDescriptor(process, 'platform')!
afterEach(async () => {
  await closeAll()
  await service?.close()
  service = null
  Object.defineProperty(process, 'platform', platform)
})

/** The app running against a local service, with TSLA's 7-day drop firing: its one notification. */
async function firing(os: NodeJS.Platform) {
  Object.defineProperty(process, 'platform', { ...platform, value: os })
  service = await startLocalService()
  const rule = { ...defaultRules()[0]!, pendingCycles: 1, cooldownMinutes: 0 }
  const app = await launchApp({
    settings: { baseUrl: service.url, watchlist: ['TSLA', 'NVDA'], rules: [rule] },
  })
  const noKey = await app.polled()
  await app.call('setApiKey', service.apiKey)
  const ok = await app.polled(noKey.lastAttemptAt)
  const before = app.electron.Notification.made.length
  service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
  app.tray().menu!.click('Refresh now')
  const fired = await app.polled(ok.lastAttemptAt)
  expect(fired.firingCount).toBe(1)
  const made = app.electron.Notification.made.slice(before).map((r) => r.deref()!)
  expect(made.map((n) => n.options.title)).toEqual([expect.stringMatching(/^TSLA TVL down/)])
  // The user is elsewhere: the window is hidden.
  app.window().hide()
  return { app, n: made[0]!, ruleId: rule.id }
}

const snoozedUntil = async (app: RunningApp, ruleId: string): Promise<string | null> =>
  (await app.call('getRules')).find((r) => r.id === ruleId)?.overrides['TSLA']?.snoozedUntil ?? null

describe('a notification’s buttons and click', () => {
  beforeEach(onlyInThrowawayKeyring)

  it('macOS: "Snooze until tomorrow" snoozes TSLA on the rule, shows the window on TSLA', async () => {
    const { app, n, ruleId } = await firing('darwin')
    expect(n.options.actions).toEqual([
      { type: 'button', text: 'Snooze 1 h' },
      { type: 'button', text: 'Snooze until tomorrow 08:00' },
    ])
    const chosenAt = Date.now()
    n.action(1)
    await vi.waitFor(async () => expect(await snoozedUntil(app, ruleId)).not.toBeNull())
    // Until 08:00 on the next local day: more than 8 h and at most 32 h from now.
    const until = Date.parse((await snoozedUntil(app, ruleId))!)
    expect(until - chosenAt).toBeGreaterThan(8 * 3_600_000)
    expect(until - chosenAt).toBeLessThanOrEqual(32 * 3_600_000 + 60_000)
    expect(new Date(until).getHours()).toBe(8) // 08:00 local (the app runs in this process’s zone)
    await vi.waitFor(() =>
      expect(app.events('navigate')).toEqual([{ view: 'asset', symbol: 'TSLA' }]),
    )
    expect(app.window().isVisible()).toBe(true)
    // The snooze is the asset view's: in the history as such, and TSLA's row says snoozed.
    const [snoozed] = await app.call('getAlertHistory', { type: 'snoozed' })
    expect(snoozed).toMatchObject({ ruleId, symbol: 'TSLA' })
    expect((await app.call('getWatchlist')).find((r) => r.symbol === 'TSLA')?.snoozed).toBe(true)
  })

  it('macOS: "Snooze 1 h" snoozes for an hour', async () => {
    const { app, n, ruleId } = await firing('darwin')
    const chosenAt = Date.now()
    n.action(0)
    await vi.waitFor(async () => expect(await snoozedUntil(app, ruleId)).not.toBeNull())
    const minutes = (Date.parse((await snoozedUntil(app, ruleId))!) - chosenAt) / 60_000
    expect(minutes).toBeGreaterThan(59)
    expect(minutes).toBeLessThanOrEqual(61)
  })

  it('Linux: no buttons; a click on the body opens the asset, and nothing is snoozed', async () => {
    const { app, n, ruleId } = await firing('linux')
    expect(n.options.actions).toBeUndefined()
    n.click()
    expect(app.events('navigate')).toEqual([{ view: 'asset', symbol: 'TSLA' }])
    expect(app.window().isVisible()).toBe(true)
    expect(await snoozedUntil(app, ruleId)).toBeNull()
  })
})
