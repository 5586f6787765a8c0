// A scripted 7-day TVL drop of 25 % on NVDA (the service's scenario): after the default rule's
// pending cycles — refreshed from the status bar's button — the watchlist shows Firing, the Alerts
// history has the fired event, and the OS notification call got the decision.
import { describe, expect, it } from 'vitest'
import { useBrowserApps, type App } from './harness'
import { POLL, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

/** Presses "Refresh now" with the keyboard and waits for that cycle to finish. */
async function refreshFromStatusBar(a: App): Promise<void> {
  const button = a.page.getByRole('button', { name: 'Refresh now' })
  await expect.poll(() => button.isEnabled(), POLL).toBe(true)
  const before = a.bridge.requests('refreshNow').length
  await button.focus()
  await a.page.keyboard.press('Enter')
  await expect.poll(() => a.bridge.requests('refreshNow').length, POLL).toBe(before + 1)
  await a.bridge.settled()
}

const alertState = (a: App, symbol: string): Promise<string | null> =>
  a.page.locator(`tr[data-symbol="${symbol}"]`).getAttribute('data-alert-state')

describe('alert on a scripted 7-day drop', () => {
  it('goes pending, then firing; history, badge and notification agree', async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)
    expect(await alertState(app, 'NVDA')).toBe('ok')

    app.service()!.scenarios.add({ kind: 'tvl-drop', symbol: 'NVDA', pct: 25, windowDays: 7 })

    await refreshFromStatusBar(app)
    await expect.poll(() => alertState(app, 'NVDA'), POLL).toBe('pending')
    expect(app.notifications).toEqual([])

    await refreshFromStatusBar(app)
    await expect.poll(() => alertState(app, 'NVDA'), POLL).toBe('firing')
    const badge = page.locator('tr[data-symbol="NVDA"] td[data-col="alert"]')
    expect((await badge.textContent())?.trim()).toBe('Firing')
    // The other rows did not move.
    for (const s of ['TSLA', 'AAPL', 'GOLD']) expect(await alertState(app, s)).not.toBe('firing')
    // The 7-day change the row shows is the scripted drop (about −25 %).
    const change =
      (await page.locator('tr[data-symbol="NVDA"] td[data-col="change7d"]').textContent()) ?? ''
    expect(Number(change.replace(/[^\d.−-]/g, '').replace('−', '-'))).toBeLessThan(-15)

    // The notification decision reached the OS call, once, naming NVDA.
    expect(app.notifications).toHaveLength(1)
    const sent = app.notifications[0]!
    expect(sent.status).toBe('sent')
    expect(sent.status === 'sent' && `${sent.title} ${sent.body}`).toMatch(/NVDA/)
    expect(await page.getByTestId('nav-alerts').textContent()).toMatch(/1/)
    await expect
      .poll(() => page.getByTestId('status-bar').textContent(), POLL)
      .toMatch(/1 alert firing/)

    // The Alerts view: the fired event in the history and the sent decision in the log.
    await page.getByTestId('nav-alerts').focus()
    await page.keyboard.press('Enter')
    await waitForView(page, 'alerts')
    const fired = page.locator(
      '[data-testid="alert-history"] tr[data-type="fired"][data-symbol="NVDA"]',
    )
    await expect.poll(() => fired.count(), POLL).toBe(1)
    expect(await fired.textContent()).toMatch(/7/)
    await expect
      .poll(
        () => page.locator('[data-testid="notification-log"] li[data-status="sent"]').count(),
        POLL,
      )
      .toBe(1)
    await expect
      .poll(() => page.locator('[data-testid="alert-instances"]').textContent(), POLL)
      .toMatch(/NVDA[\s\S]*Firing|Firing[\s\S]*NVDA/i)

    // The engine's own record matches what the page shows.
    const history = await app.core.getAlertHistory({ symbol: 'NVDA', type: 'fired' })
    expect(history).toHaveLength(1)
    expect(sent.status === 'sent' && sent.eventIds).toContain(history[0]!.id)
    expect(app.pageErrors).toEqual([])
  })
})
