// A firing (or pending) symbol's page says what fired at its top: the rule, since when, its value
// against its threshold and Snooze, not about 2500 px down under the charts. A quiet symbol's page
// has no such panel.
import { describe, expect, it } from 'vitest'
import { useBrowserApps, type App } from './harness'
import { POLL, refresh, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

const alertState = (a: App, symbol: string): Promise<string | null> =>
  a.page.locator(`tr[data-symbol="${symbol}"]`).getAttribute('data-alert-state')

async function openAsset(a: App, symbol: string): Promise<void> {
  await a.page.locator(`tr[data-symbol="${symbol}"]`).focus()
  await a.page.keyboard.press('Enter')
  await waitForView(a.page, 'asset')
}

describe('what fired, at the top of the asset page', () => {
  it('names the rule, since when, the value against its threshold, with Snooze', async () => {
    const app = await suite.start({ viewport: { width: 1280, height: 800 } })
    const { page } = app
    await waitForTvl(page, 4)
    app.service()!.scenarios.add({ kind: 'tvl-drop', symbol: 'NVDA', pct: 25, windowDays: 7 })
    await refresh(app)
    await expect.poll(() => alertState(app, 'NVDA'), POLL).toBe('pending')

    await openAsset(app, 'NVDA')
    const panel = page.getByTestId('asset-alerts')
    await expect.poll(() => panel.isVisible(), POLL).toBe(true)
    const row = panel.locator('[data-rule-id="default-7d-drop"]')
    await expect.poll(() => row.getAttribute('data-state'), POLL).toBe('pending')
    expect(await row.textContent()).toMatch(/7-day TVL drop ≥ 10 %/)

    // Firing: the same place says so, with the figures.
    await refresh(app)
    await expect.poll(() => row.getAttribute('data-state'), POLL).toBe('firing')
    const text = (await row.textContent()) ?? ''
    expect(text).toMatch(/Firing/)
    expect(text).toMatch(/since /i)
    // The value in its unit against the rule's threshold: the scripted drop (under way, past
    // −15 %) against down 10 %.
    expect(text).toMatch(/−(1[5-9]|2\d)\.\d % \(threshold −10 %\)/)
    expect(text).toMatch(/threshold −10 %/)
    // In the first screenful: above the KPI cards and charts, inside the 800 px window.
    const box = (await panel.boundingBox())!
    expect(box.y + box.height).toBeLessThan(800)
    const kpi = await page.locator('[data-testid="asset-series-chart"]').boundingBox()
    if (kpi) expect(box.y).toBeLessThan(kpi.y)
    // Snooze is there too, and works.
    await row.getByRole('button', { name: /^Snooze NVDA on .* for 1 hour$/ }).click()
    await expect.poll(() => row.getAttribute('data-snoozed'), POLL).toBe('true')
    await app.screenshot('asset-firing-top')
    expect(app.pageErrors).toEqual([])
  })

  it('a symbol with nothing pending or firing has no such panel', async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)
    // Whichever symbol the day's demo figures leave quiet.
    const quiet = await page
      .locator('tr[data-symbol][data-alert-state="ok"]')
      .first()
      .getAttribute('data-symbol')
    await openAsset(app, quiet!)
    await expect.poll(() => page.getByTestId('asset-title').textContent(), POLL).toBe(quiet)
    await expect.poll(() => page.getByTestId('symbol-rules').isVisible(), POLL).toBe(true)
    expect(await page.getByTestId('asset-alerts').count()).toBe(0)
  })
})
