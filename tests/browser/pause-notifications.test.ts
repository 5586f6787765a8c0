// Pausing notifications from the status bar: the engine holds them until the chosen time, the
// status bar says until when, and Resume lifts the pause — all through the real core.
import { describe, expect, it } from 'vitest'
import { useBrowserApps } from './harness'
import { POLL, waitForTvl } from './helpers'

const suite = useBrowserApps()

describe('pause notifications', () => {
  it('pauses for an hour from the status bar, then resumes', async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)

    const before = Date.now()
    await page.getByRole('button', { name: 'Pause notifications for 1 hour' }).click()
    await expect
      .poll(() => page.getByText(/Notifications paused until/).isVisible(), POLL)
      .toBe(true)

    const settings = await app.core.getSettings()
    const until = Date.parse(settings.notificationsPausedUntil ?? '')
    expect(until - before).toBeGreaterThan(59 * 60_000)
    expect(until - before).toBeLessThan(61 * 60_000)
    // The status bar reads it from the engine status.
    expect((await app.core.getStatus()).notificationsPausedUntil).toBe(
      settings.notificationsPausedUntil,
    )

    await page.getByRole('button', { name: 'Resume notifications' }).click()
    await expect.poll(() => page.getByText(/Notifications paused until/).count(), POLL).toBe(0)
    expect((await app.core.getSettings()).notificationsPausedUntil).toBeNull()
    expect(app.bridge.requests('pauseNotifications').map((r) => r.args)).toEqual([[60], [0]])
    expect(app.pageErrors).toEqual([])
  })
})
