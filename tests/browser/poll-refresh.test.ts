// After a poll the open views show its figures: the asset view's KPI cards and chart, and the
// analytics chart, are fed again; the watchlist applies only the rows that changed (the others
// keep their DOM nodes, untouched).
import { describe, expect, it } from 'vitest'
import type { AssetView, SeriesView } from '../../src/shared/view-models'
import { useBrowserApps, type App } from './harness'
import { POLL, waitForTvl, waitForView, refresh } from './helpers'

const suite = useBrowserApps()
const SYMBOLS = ['TSLA', 'NVDA', 'AAPL', 'GOLD']

function lastOk<T>(a: App, method: 'getAsset' | 'getAssetSeries', from: number): T | null {
  const r = a.bridge
    .requests(method)
    .slice(from)
    .filter((x) => x.result.ok)
    .at(-1)
  return r && r.result.ok ? (r.result.value as T) : null
}

describe('after a poll', () => {
  it('KPI cards and the chart of the open asset view update after a poll', async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)
    await page.locator('tr[data-symbol="NVDA"]').click()
    await waitForView(page, 'asset')
    const series = page.getByTestId('asset-series-chart')
    await expect.poll(() => series.getAttribute('data-point-count'), POLL).toMatch(/^[1-9]\d*$/)
    const tvlCard = page.locator('[data-kpi="tvl"] dd')
    const tvlBefore = await tvlCard.getAttribute('title')
    const drawnBefore = Number(await series.getAttribute('data-drawn'))
    const assetsBefore = app.bridge.requests('getAsset').length
    const seriesBefore = app.bridge.requests('getAssetSeries').length
    const shotBefore = await series.screenshot()

    // A third of NVDA's TVL gone over the last day: the next poll's figures differ for sure.
    app.service()!.scenarios.add({ kind: 'tvl-drop', symbol: 'NVDA', pct: 35, windowDays: 1 })
    await refresh(app)

    // The detail was asked again and the cards show its TVL.
    await expect
      .poll(() => lastOk<AssetView>(app, 'getAsset', assetsBefore)?.data.totalTvl ?? null, POLL)
      .not.toBeNull()
    const detail = lastOk<AssetView>(app, 'getAsset', assetsBefore)!
    await expect.poll(() => tvlCard.getAttribute('title'), POLL).not.toBe(tvlBefore)
    const shown = Number((await tvlCard.getAttribute('title'))!.replace(/[^\d.]/g, ''))
    expect(Math.abs(shown - detail.data.totalTvl)).toBeLessThan(1)

    // The chart was fed the series asked after the poll, and drew it.
    await expect
      .poll(() => lastOk<SeriesView>(app, 'getAssetSeries', seriesBefore), POLL)
      .not.toBeNull()
    await expect
      .poll(async () => Number(await series.getAttribute('data-drawn')), POLL)
      .toBeGreaterThan(drawnBefore)
    await page.waitForTimeout(100) // one frame for the last draw to reach the compositor
    expect((await series.screenshot()).equals(shotBefore)).toBe(false)
    expect(app.pageErrors).toEqual([])
  })

  it('the chart of the open analytics view is fed again after a poll', async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)
    await page.getByTestId('nav-analytics').click()
    await waitForView(page, 'analytics')
    const chart = page.getByTestId('analytics-chart')
    await expect.poll(() => chart.getAttribute('data-point-count'), POLL).toMatch(/^[1-9]\d*$/)
    const asked = app.bridge.requests('getAnalytics').length
    const drawn = Number(await chart.getAttribute('data-drawn'))

    await refresh(app)

    await expect
      .poll(() => app.bridge.requests('getAnalytics').slice(asked).length, POLL)
      .toBeGreaterThan(0)
    await expect
      .poll(async () => Number(await chart.getAttribute('data-drawn')), POLL)
      .toBeGreaterThan(drawn)
    expect(app.pageErrors).toEqual([])
  })

  it('a poll that changes one row re-renders only that row', async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)
    // Every symbol's figures held at one instant, so a poll changes only what a scenario changes.
    const asOf = Date.now()
    for (const symbol of SYMBOLS) app.service()!.scenarios.add({ kind: 'frozen', symbol, asOf })
    await refresh(app)
    const nvdaTvl = page.locator('tr[data-symbol="NVDA"] td[data-col="tvl"]')
    const tvlBefore = await nvdaTvl.textContent()

    // Mark each row element and record every DOM change under the table body from now on.
    await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: Doc }).document
      const body = doc.querySelector('[data-testid="watchlist-table"] tbody')!
      for (const tr of body.querySelectorAll('tr[data-symbol]'))
        (tr as Marked).__lwMark = tr.getAttribute('data-symbol')
      const seen: string[] = []
      const g = globalThis as unknown as { __lwMutations: string[] }
      g.__lwMutations = seen
      const MO = (globalThis as unknown as { MutationObserver: MOCtor }).MutationObserver
      new MO((records) => {
        for (const r of records) {
          const el = r.target.nodeType === 1 ? (r.target as unknown as El) : r.target.parentElement
          const row = el?.closest('tr[data-symbol]')
          seen.push(row ? (row.getAttribute('data-symbol') ?? '?') : `(${r.type} on tbody)`)
        }
      }).observe(body, { subtree: true, childList: true, attributes: true, characterData: true })
    })

    app.service()!.scenarios.add({
      kind: 'tvl-drop',
      symbol: 'NVDA',
      pct: 35,
      windowDays: 1,
      endsAt: asOf,
    })
    await refresh(app)
    await expect.poll(() => nvdaTvl.textContent(), POLL).not.toBe(tvlBefore)
    await page.evaluate(
      () =>
        new Promise((r) =>
          (
            globalThis as unknown as { requestAnimationFrame(cb: () => void): void }
          ).requestAnimationFrame(() => r(null)),
        ),
    )

    const changed = await page.evaluate(() => [
      ...new Set((globalThis as unknown as { __lwMutations: string[] }).__lwMutations),
    ])
    expect(changed).toEqual(['NVDA'])
    const kept = await page.evaluate(() =>
      [
        ...(globalThis as unknown as { document: Doc }).document.querySelectorAll(
          '[data-testid="watchlist-table"] tbody tr[data-symbol]',
        ),
      ].map((tr) => (tr as Marked).__lwMark === tr.getAttribute('data-symbol')),
    )
    expect(kept).toEqual([true, true, true, true])
    expect(app.pageErrors).toEqual([])
  })
})

// Page-side shapes (the tests compile without the DOM library).
interface El {
  getAttribute(name: string): string | null
  closest(selector: string): El | null
  querySelectorAll(selector: string): Iterable<El>
}
interface Doc {
  querySelector(selector: string): El | null
  querySelectorAll(selector: string): Iterable<El>
}
type Marked = El & { __lwMark?: string | null }
interface MutationLike {
  type: string
  target: { nodeType: number; parentElement: El | null }
}
type MOCtor = new (cb: (records: MutationLike[]) => void) => {
  observe(target: El, opts: object): void
}
