// A watchlist longer than a poll's detail budget: the rows on screen get their asset details in
// the next poll (the table tells main which they are), not only when the round robin reaches them.
import { describe, expect, it } from 'vitest'
import { getCatalog } from '../../src/main/service/catalog'
import { useBrowserApps } from './harness'
import { POLL, refresh, symbolsShown } from './helpers'

const suite = useBrowserApps()

describe('rows on screen in a long watchlist', () => {
  it('scrolled to the end, the rows shown get their details in the next poll', async () => {
    const watched = getCatalog(1000)
      .assets.slice(0, 300)
      .map((a) => a.symbol)
    const app = await suite.start({
      universe: 1000,
      settings: (s) => ({ ...s, watchlist: watched }),
    })
    const { page } = app
    await expect.poll(async () => (await symbolsShown(page)).length, POLL).toBeGreaterThan(5)
    await refresh(app)
    // How old details can get is said once, above the table; a screened row says its detail's age.
    await expect
      .poll(() => page.getByTestId('detail-coverage').textContent(), POLL)
      .toMatch(/all 300 symbols every poll.* at most .* old/)
    // The rows on screen had their details fetched; a row checked on the daily series, filtered
    // into view, says how old its full check is.
    const screened = (await app.core.getWatchlist()).find((r) => r.checkedBy === 'series')!
    await page.getByLabel('Filter').fill(screened.symbol)
    const cell = page.locator(`tr[data-symbol="${screened.symbol}"] td[data-col="tvl"]`)
    expect(await cell.getAttribute('title')).toMatch(/From the daily series of this poll; /)
    await page.getByLabel('Filter').fill('')

    await page.locator('[data-testid="watchlist-table"] tbody tr[data-symbol]').first().focus()
    await page.keyboard.press('End')
    await expect.poll(async () => (await symbolsShown(page)).at(-1), POLL).toBe(watched.at(-1))
    const shown = await symbolsShown(page)
    // The hint reaches main once scrolling settles (see state/on-screen.ts).
    await page.waitForTimeout(800)

    const service = app.service()!
    service.resetStats()
    await refresh(app)
    const asked = new Set(
      service
        .requestLog()
        .filter((r) => r.path.includes('/asset/'))
        .map((r) => decodeURIComponent(r.path.split('/').at(-1)!)),
    )
    const got = shown.filter((s) => asked.has(s))
    // Up to 10 rows on screen are guaranteed a detail in every poll (poll-plan.ts), the rest as
    // the budget allows; the round robin alone would be far from the end of the list.
    expect(got.length, `details asked for: ${[...asked].join(' ')}`).toBeGreaterThanOrEqual(
      Math.min(10, shown.length),
    )
    expect(app.pageErrors).toEqual([])
  })
})
