// A poll-wide problem (the service rate-limits us) is said once, in the banner, with when it ends
// and how old the shown data is. Rows keep their alert badge (Firing stays Firing) with a quiet
// "not refreshed" marker instead of repeating the error; only a row's own failure shows on the row.
import { describe, expect, it } from 'vitest'
import { useBrowserApps } from './harness'
import { POLL, waitForTvl, refresh } from './helpers'

const suite = useBrowserApps()
/** A time, with its date when it is not today ("Nov 24, 00:01" when the hold passes midnight). */
const AT = String.raw`(?:[A-Z][a-z]{2} \d{1,2}, )?\d{2}:\d{2}`

describe('the watchlist while the service rate-limits us', () => {
  it('says it once in the banner; rows keep their badges and are marked not refreshed', async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)
    const service = app.service()!
    service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    await refresh(app)
    await refresh(app)
    const tsla = page.locator('tr[data-symbol="TSLA"]')
    await expect.poll(() => tsla.getAttribute('data-alert-state'), POLL).toBe('firing')

    service.faults.inject({ kind: 'status', status: 429, retryAfter: '600' })
    await refresh(app)
    const banner = page.getByTestId('banner-error')
    await expect
      .poll(() => banner.textContent(), POLL)
      .toMatch(new RegExp(`^Rate-limited until ${AT} — showing data from ${AT}`))
    await app.screenshot('watchlist-rate-limited')
    // Said once: no row repeats it, and nothing else on the page says it again.
    expect(await page.locator('[data-testid="row-error"]').count()).toBe(0)
    // (The status bar names the state in the same words: "Rate-limited until 14:05".)
    const bar = await page.getByTestId('status-bar').innerText()
    expect(bar).toMatch(new RegExp(`Rate-limited until ${AT}`))
    const said = (t: string): number => (t.match(/rate-limited/gi) ?? []).length
    expect(said(await page.locator('body').innerText()) - said(bar)).toBe(1)
    // Firing stays Firing; the others keep their state too; each row is marked, quietly.
    expect(await tsla.getAttribute('data-alert-state')).toBe('firing')
    for (const symbol of ['NVDA', 'AAPL', 'GOLD'])
      expect(
        await page.locator(`tr[data-symbol="${symbol}"]`).getAttribute('data-alert-state'),
      ).not.toBe('error')
    const marks = await page.locator('[data-testid="row-asof"]').allTextContents()
    expect(marks).toHaveLength(4)
    for (const m of marks) expect(m.trim()).toMatch(new RegExp(`^Not refreshed — data from ${AT}$`))
    expect(app.pageErrors).toEqual([])
  })

  it("a row's own failure still shows on that row, and only there", async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)
    // One asset answer names another symbol: that row's data is not used, and it says why.
    app
      .service()!
      .faults.inject({ kind: 'body', set: { symbol: 'ZZZZ' }, match: 'asset', times: 1 })
    await refresh(app)
    const errors = page.locator('[data-testid="row-error"]')
    await expect.poll(() => errors.count(), POLL).toBe(1)
    expect(await errors.textContent()).toMatch(/ZZZZ/)
    expect(await page.getByTestId('banner-error').count()).toBe(0)
    expect(app.pageErrors).toEqual([])
  })
})
