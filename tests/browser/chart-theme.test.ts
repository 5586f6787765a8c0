// A chart on screen follows a light/dark switch: its lines are redrawn in the new theme's series
// colour, never left in the old one (charts keep resolved styles between updates in place).
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserApps, type App } from './harness'
import { inkStats } from './harness/pixels'
import { POLL, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

// --series-1 of global.css, light and dark: the first series' line colour.
const LIGHT_LINE = '#1f5fd1'
const DARK_LINE = '#6ea3ff'

/** Pixels of the analytics chart in each first-series colour: [light, dark]. */
async function lineInk(app: App, page: Page): Promise<[number, number]> {
  const png = await page.getByTestId('analytics-chart').screenshot()
  const { near } = await inkStats(app.context, png, [LIGHT_LINE, DARK_LINE])
  return [near[0] ?? 0, near[1] ?? 0]
}

describe('charts follow the theme', () => {
  it('redraws the analytics lines in the dark colours after a switch, and back', async () => {
    const app = await suite.start({ colorScheme: 'light' })
    const { page } = app
    await waitForTvl(page, 4)
    await page.getByTestId('nav-analytics').click()
    await waitForView(page, 'analytics')
    const chart = page.getByTestId('analytics-chart')
    await expect.poll(() => chart.getAttribute('data-point-count'), POLL).toMatch(/^[1-9]\d*$/)
    await expect.poll(async () => (await lineInk(app, page))[0], POLL).toBeGreaterThan(20)
    expect((await lineInk(app, page))[1]).toBe(0)
    const chartId = await chart.getAttribute('data-chart-id')

    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(async () => (await lineInk(app, page))[1], POLL).toBeGreaterThan(20)
    expect((await lineInk(app, page))[0], 'no line left in the light colour').toBe(0)

    await page.emulateMedia({ colorScheme: 'light' })
    await expect.poll(async () => (await lineInk(app, page))[0], POLL).toBeGreaterThan(20)
    expect((await lineInk(app, page))[1], 'no line left in the dark colour').toBe(0)
    // Updated in place, not re-created: the path the cached styles live on.
    expect(await chart.getAttribute('data-chart-id')).toBe(chartId)
    expect(app.pageErrors).toEqual([])
  })
})
