// Analytics reads right at a glance: the pool count is drawn from zero (a pool more or less is not
// a crash), the caption counts what the legend lists, and per stock the chart shows the largest
// stocks by TVL with the rest summed as "Others", each in its own colour, the legend whole (not cut
// mid-item); "Show all" draws every stock. Screenshots light and dark.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { AnalyticsView } from '../../src/shared/view-models'
import { useBrowserApps, type App } from './harness'
import { POLL, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()
const CHART = 'analytics-chart'

interface Drawn {
  series: number
  colours: Record<string, string>
  scales: Record<string, [number, number]>
}

// Page scripts as strings: this file is type-checked without the DOM library.
function drawn(page: Page): Promise<Drawn> {
  return page.evaluate(`(() => {
    const c = document.querySelector('[data-testid="${CHART}"]');
    return {
      series: Number(c.dataset.seriesCount),
      colours: JSON.parse(c.dataset.seriesColours ?? '{}'),
      scales: JSON.parse(c.dataset.scales ?? '{}'),
    };
  })()`)
}

/** The legend's labels, and whether it shows every item whole (nothing scrolled or cut off). */
function legend(page: Page): Promise<{ labels: string[]; whole: boolean }> {
  return page.evaluate(`(() => {
    const box = document.querySelector('[data-testid="series-legend"] ul');
    const labels = [...box.querySelectorAll('li')].map((li) => li.dataset.series);
    return { labels, whole: box.scrollHeight <= box.clientHeight + 1 };
  })()`)
}

const caption = (page: Page): Promise<string> => page.getByTestId('analytics-caption').innerText()

function lastAnswer(app: App, groupBy: string): AnalyticsView {
  const r = app.bridge
    .requests('getAnalytics')
    .filter((x) => x.result.ok && (x.result.value as AnalyticsView).data.groupBy === groupBy)
    .at(-1)
  if (!r?.result.ok) throw new Error(`no ${groupBy} analytics crossed the bridge`)
  return r.result.value as AnalyticsView
}

describe.each(['light', 'dark'] as const)('analytics at a glance (%s)', (scheme) => {
  it('pool count from zero, a caption that counts the legend, the top stocks and "Others"', async () => {
    const app = await suite.start({ colorScheme: scheme })
    const { page } = app
    await waitForTvl(page, 4)
    await page.getByTestId('nav-analytics').click()
    await waitForView(page, 'analytics')
    await expect
      .poll(() => page.getByTestId(CHART).getAttribute('data-point-count'), POLL)
      .toMatch(/^[1-9]\d*$/)

    // Total: TVL and the pool count, the pool count's axis from zero up past the count.
    const total = lastAnswer(app, 'total').data
    if (total.groupBy !== 'total') throw new Error('not the total')
    const pools = Math.max(...total.series.map((p) => p.poolCount))
    const t = await drawn(page)
    expect(t.series).toBe(2)
    expect(t.scales.y2?.[0], 'the pool count axis starts at zero').toBe(0)
    expect(t.scales.y2?.[1]).toBeGreaterThanOrEqual(pools)
    expect((await legend(page)).labels).toEqual(['Total', 'Pool count'])
    expect(await caption(page)).toMatch(/^Total and pool count · 90 days/)
    await app.screenshot(`analytics-total-${scheme}`)

    // Per stock: the 8 largest by newest TVL, then "Others" summing the rest day by day.
    await page.locator('#an-group-by').selectOption('stock')
    await expect.poll(() => lastAnswer(app, 'stock').data.groupBy, POLL).toBe('stock')
    const stock = lastAnswer(app, 'stock').data
    if (stock.groupBy !== 'stock') throw new Error('not per stock')
    expect(stock.data.length, 'the demo lists more stocks than the chart shows').toBeGreaterThan(9)
    const newest = (s: (typeof stock.data)[number]): number => s.series.at(-1)?.tvl ?? 0
    const ranked = [...stock.data].sort((a, b) => newest(b) - newest(a))
    const top = ranked.slice(0, 8).map((s) => s.symbol)
    await expect.poll(async () => (await legend(page)).labels, POLL).toEqual([...top, 'Others'])
    const s = await drawn(page)
    expect(s.series).toBe(9)
    expect(Object.keys(s.colours)).toEqual([...top, 'Others'])
    expect(new Set(Object.values(s.colours)).size, 'one colour per line').toBe(9)
    expect((await legend(page)).whole, 'the legend shows every item whole').toBe(true)
    const rest = ranked.slice(8)
    expect(await caption(page)).toMatch(
      new RegExp(
        `^The 8 largest of ${stock.data.length} stocks by TVL and ${rest.length} more as Others · 90 days`,
      ),
    )
    // The first line is the largest stock's, in the newest answer: a poll meanwhile reloads the
    // analytics, whose newest figures move a little (the chart drew 83943684 against 83943687).
    await expect
      .poll(async () => {
        const latest = lastAnswer(app, 'stock').data
        if (latest.groupBy !== 'stock') return false
        const largest = Math.max(...latest.data.map(newest))
        return Number(await page.getByTestId(CHART).getAttribute('data-last-y')) === largest
      }, POLL)
      .toBe(true)
    await page.getByRole('button', { name: 'Show every series' }).click()
    await expect.poll(async () => (await drawn(page)).series, POLL).toBe(stock.data.length)
    const all = await drawn(page)
    expect(new Set(Object.values(all.colours)).size, 'one colour per line').toBe(stock.data.length)
    expect((await legend(page)).labels).toHaveLength(stock.data.length)
    expect((await legend(page)).whole, 'the legend shows every item whole').toBe(true)
    expect(await caption(page)).toMatch(new RegExp(`^${stock.data.length} stocks · 90 days`))
    await app.screenshot(`analytics-every-stock-${scheme}`)
    await page.getByRole('button', { name: 'Show the 8 largest' }).click()
    await expect.poll(async () => (await drawn(page)).series, POLL).toBe(9)
    await app.screenshot(`analytics-per-stock-${scheme}`)
    expect(app.pageErrors).toEqual([])
  })
})
