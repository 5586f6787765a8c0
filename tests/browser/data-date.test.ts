// A row whose service data stopped advancing says how old that data is, beside our fetch time:
// frozen GOLD from 3 days ago does not pass for today's figures.
import { describe, expect, it } from 'vitest'
import { useBrowserApps } from './harness'
import { POLL, waitForTvl } from './helpers'

const suite = useBrowserApps()
const DAY = 86_400_000

describe("the service's own data date on the watchlist", () => {
  it('a frozen symbol shows the date of its newest data; fresh ones do not', async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)
    const asOf = Date.now() - 3 * DAY
    app.service()!.scenarios.add({ kind: 'frozen', symbol: 'GOLD', asOf })
    await page.getByRole('button', { name: 'Refresh now' }).click()
    const note = page.locator('tr[data-symbol="GOLD"] [data-testid="row-data-date"]')
    await expect
      .poll(() => note.textContent(), POLL)
      .toContain(`newest data is from ${new Date(asOf).toISOString().slice(0, 10)}`)
    expect(await page.locator('tr[data-symbol="TSLA"] [data-testid="row-data-date"]').count()).toBe(
      0,
    )
    await app.screenshot('watchlist-data-date')
    expect(app.pageErrors).toEqual([])
  })
})
