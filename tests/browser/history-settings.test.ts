// Settings → Data on this computer: the history's size and span, read from the real history.sqlite
// the real core writes, and "Clear history" that asks first and then empties it (light and dark).
import { describe, expect, it } from 'vitest'
import { useBrowserApps } from './harness'
import { POLL, SLOW, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

describe.each(['light', 'dark'] as const)('history in Settings (%s)', (scheme) => {
  it('shows the history size and span, and clears it only after the user confirms', async () => {
    const app = await suite.start({ colorScheme: scheme })
    const { page } = app
    await waitForTvl(page, 4)
    // 4 symbols × 2 polls. "Refresh now" joins a poll in flight, so one press may add none (a
    // loaded run read 4); then the engine idle, so no poll adds snapshots behind the test's back.
    await expect
      .poll(async () => {
        await app.invoke('refreshNow')
        return (await app.core.getHistoryInfo()).snapshots
      }, SLOW)
      .toBeGreaterThanOrEqual(8)
    await expect.poll(async () => (await app.core.getStatus()).refreshing, POLL).toBe(false)
    const info = await app.core.getHistoryInfo()
    expect(info.path).toBe(`${app.dataDir}/history.sqlite`)

    await page.getByTestId('nav-settings').click()
    await waitForView(page, 'settings')
    const summary = page.getByTestId('history-info')
    await expect
      .poll(() => summary.textContent(), POLL)
      .toMatch(/\d+(\.\d)? (KB|MB), \d+ snapshots from/)
    await expect.poll(() => page.getByText(`${app.dataDir}/history.sqlite`).count(), POLL).toBe(1)
    await summary.scrollIntoViewIfNeeded()
    await app.screenshot(`settings-history-${scheme}`)

    // Asking first; Cancel leaves everything.
    await page.getByRole('button', { name: 'Clear history…' }).click()
    const dialog = page.getByRole('alertdialog')
    await expect
      .poll(() => dialog.textContent(), POLL)
      .toMatch(/Delete all \d+ recorded snapshots\?/)
    await app.screenshot(`settings-history-confirm-${scheme}`)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect(app.bridge.requests('clearHistory')).toEqual([])
    expect((await app.core.getHistoryInfo()).snapshots).toBe(info.snapshots)

    await page.getByRole('button', { name: 'Clear history…' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Clear history' }).click()
    await expect.poll(() => summary.textContent(), POLL).toMatch(/Empty/)
    await expect.poll(() => page.getByText(/History cleared/).count(), POLL).toBe(1)
    expect(app.bridge.requests('clearHistory')).toHaveLength(1)
    expect((await app.core.getHistoryInfo()).snapshots).toBe(0)
    expect(app.pageErrors).toEqual([])
  })
})
