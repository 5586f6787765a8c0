// After a poll the open view's charts and KPI cards show the new data in the elements already on
// screen: the same canvas, drawn by the same Chart.js instance (chart.update('none'), no
// re-creation), and the same KPI elements with new text.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { AnalyticsView, SeriesView } from '../../src/shared/view-models'
import { useBrowserApps, type App } from './harness'
import { POLL, refresh, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

// Page scripts as strings: this file is type-checked without the DOM library.

/** Keeps the element in the page (window.__held[name]) to compare identity after the poll. */
async function hold(page: Page, name: string, selector: string): Promise<void> {
  await page.evaluate(
    `(window.__held ??= {})[${JSON.stringify(name)}] = document.querySelector(${JSON.stringify(selector)})`,
  )
}
function stillHeld(page: Page, name: string, selector: string): Promise<boolean> {
  return page.evaluate(`(() => {
    const held = window.__held[${JSON.stringify(name)}];
    return held != null && held === document.querySelector(${JSON.stringify(selector)});
  })()`)
}

/** The newest TVL of the last answer of `method` that crossed the bridge, as the chart holds it. */
function newestTvl(a: App, method: 'getAssetSeries' | 'getAnalytics'): string | undefined {
  const r = a.bridge
    .requests(method)
    .filter((x) => x.result.ok)
    .at(-1)
  if (!r?.result.ok) return undefined
  if (method === 'getAssetSeries') return String((r.result.value as SeriesView).data.at(-1)?.tvl)
  const data = (r.result.value as AnalyticsView).data
  return data.groupBy === 'total' ? String(data.series.at(-1)?.tvl) : undefined
}

interface Drawn {
  chartId: string | undefined
  lastY: string | undefined
  drawn: number
}
function drawnState(page: Page, testid: string): Promise<Drawn> {
  return page.evaluate(`(() => {
    const c = document.querySelector('[data-testid=${JSON.stringify(testid)}]');
    return { chartId: c?.dataset.chartId, lastY: c?.dataset.lastY, drawn: Number(c?.dataset.drawn ?? 0) };
  })()`)
}

describe('charts update in place after a poll', () => {
  it("the asset view's series and issuer charts and KPI cards", async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)
    await page.locator('tr[data-symbol="NVDA"]').click()
    await waitForView(page, 'asset')
    const series = 'asset-series-chart'
    // Settled: the chart shows the newest series the view was answered (the first poll is done).
    await expect.poll(() => app.core.getStatus().then((s) => s.refreshing), POLL).toBe(false)
    await app.bridge.settled()
    await expect
      .poll(async () => {
        const want = newestTvl(app, 'getAssetSeries')
        return want !== undefined && (await drawnState(page, series)).lastY === want
      }, POLL)
      .toBe(true)
    await expect
      .poll(() => page.getByTestId('issuer-chart').getAttribute('data-chart-id'), POLL)
      .toMatch(/\d/)
    const before = await drawnState(page, series)
    const issuerId = await page.getByTestId('issuer-chart').getAttribute('data-chart-id')
    const tvlKpi = '[data-kpi="tvl"] dd'
    const kpiBefore = await page.locator(tvlKpi).textContent()
    await hold(page, 'series', `[data-testid="${series}"]`)
    await hold(page, 'issuers', '[data-testid="issuer-chart"]')
    await hold(page, 'kpi', tvlKpi)

    app.service()!.scenarios.add({ kind: 'tvl-drop', symbol: 'NVDA', pct: 40, windowDays: 1 })
    await refresh(app)
    await expect
      .poll(async () => (await drawnState(page, series)).lastY, POLL)
      .not.toBe(before.lastY)
    await expect.poll(() => page.locator(tvlKpi).textContent(), POLL).not.toBe(kpiBefore)

    const after = await drawnState(page, series)
    expect(after.chartId, 'the same Chart.js instance').toBe(before.chartId)
    expect(after.drawn).toBeGreaterThan(before.drawn)
    expect(Number(after.lastY)).toBeLessThan(Number(before.lastY))
    expect(await stillHeld(page, 'series', `[data-testid="${series}"]`), 'same canvas').toBe(true)
    expect(await page.getByTestId('issuer-chart').getAttribute('data-chart-id')).toBe(issuerId)
    expect(await stillHeld(page, 'issuers', '[data-testid="issuer-chart"]')).toBe(true)
    expect(await stillHeld(page, 'kpi', tvlKpi), 'same KPI element').toBe(true)
    expect(app.pageErrors).toEqual([])
  })

  it('the analytics chart', async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)
    await page.getByTestId('nav-analytics').click()
    await waitForView(page, 'analytics')
    const chart = 'analytics-chart'
    await expect.poll(() => app.core.getStatus().then((s) => s.refreshing), POLL).toBe(false)
    await app.bridge.settled()
    await expect
      .poll(async () => {
        const want = newestTvl(app, 'getAnalytics')
        return want !== undefined && (await drawnState(page, chart)).lastY === want
      }, POLL)
      .toBe(true)
    const before = await drawnState(page, chart)
    await hold(page, 'chart', `[data-testid="${chart}"]`)

    app.service()!.scenarios.add({ kind: 'tvl-drop', symbol: 'NVDA', pct: 40, windowDays: 1 })
    await refresh(app)
    await expect
      .poll(async () => (await drawnState(page, chart)).lastY, POLL)
      .not.toBe(before.lastY)

    const after = await drawnState(page, chart)
    expect(after.chartId, 'the same Chart.js instance').toBe(before.chartId)
    expect(Number(after.lastY)).toBeLessThan(Number(before.lastY))
    expect(await stillHeld(page, 'chart', `[data-testid="${chart}"]`), 'same canvas').toBe(true)
    expect(app.pageErrors).toEqual([])
  })
})
