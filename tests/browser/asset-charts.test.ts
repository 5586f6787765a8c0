// The asset detail view draws its charts: proven from the chart state the renderer writes on each
// canvas (series and point counts, draw count) and from the pixels of a screenshot of the canvas.
import { describe, expect, it } from 'vitest'
import type { SeriesView } from '../../src/shared/view-models'
import { useBrowserApps, type App } from './harness'
import { inkStats } from './harness/pixels'
import { POLL, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

function lastSeries(a: App, days: number): SeriesView {
  const r = a.bridge
    .requests('getAssetSeries')
    .filter((x) => x.args[1] === days && x.result.ok)
    .at(-1)
  if (!r || !r.result.ok) throw new Error(`no ${days}-day series crossed the bridge`)
  return r.result.value as SeriesView
}

describe('asset detail charts', () => {
  it('opens TSLA from the watchlist with Enter and draws its series and issuer charts', async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)

    await page.locator('tr[data-symbol="TSLA"]').focus()
    await page.keyboard.press('Enter')
    await waitForView(page, 'asset')
    expect(await page.getByTestId('asset-title').textContent()).toBe('TSLA')

    const series = page.getByTestId('asset-series-chart')
    await expect.poll(() => series.getAttribute('data-point-count'), POLL).toMatch(/^[1-9]\d*$/)
    const ninety = lastSeries(app, 90)
    expect(ninety.data.length).toBeGreaterThanOrEqual(89)
    // TVL line + volume bars, one point each per day the engine returned.
    expect(await series.getAttribute('data-series-count')).toBe('2')
    expect(Number(await series.getAttribute('data-point-count'))).toBe(2 * ninety.data.length)

    const issuers = page.getByTestId('issuer-chart')
    await expect.poll(() => issuers.getAttribute('data-point-count'), POLL).toMatch(/^[1-9]\d*$/)

    // Pixels: the chart is not a blank canvas — lines, bars, axes and labels in several colours.
    await page.waitForTimeout(100) // one frame for the last draw to reach the compositor
    const seriesInk = await inkStats(app.context, await series.screenshot())
    expect(seriesInk.width).toBeGreaterThan(200)
    expect(seriesInk.inkRatio).toBeGreaterThan(0.03)
    expect(seriesInk.inkColors).toBeGreaterThan(4)
    const issuerInk = await inkStats(app.context, await issuers.screenshot())
    expect(issuerInk.inkRatio).toBeGreaterThan(0.03)

    // A longer range: new data, a redraw with 365 days.
    const drawn = Number(await series.getAttribute('data-drawn'))
    await page.getByRole('button', { name: '365 d' }).focus()
    await page.keyboard.press('Enter')
    await expect
      .poll(
        () => app.bridge.requests('getAssetSeries').some((r) => r.args[1] === 365 && r.result.ok),
        POLL,
      )
      .toBe(true)
    const year = lastSeries(app, 365)
    await expect
      .poll(() => series.getAttribute('data-point-count'), POLL)
      .toBe(String(2 * year.data.length))
    expect(Number(await series.getAttribute('data-drawn'))).toBeGreaterThan(drawn)
    expect(year.data.length).toBeGreaterThan(ninety.data.length)
    const yearInk = await inkStats(app.context, await series.screenshot())
    expect(yearInk.inkRatio).toBeGreaterThan(0.03)
    expect(app.pageErrors).toEqual([])
  })
})
