// Issue 10, item 8: every figure explains itself (definition, source, as-of) in a tooltip a
// keyboard and a screen reader reach; the asset view draws a network split. Exports: export.test.ts.
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { SeriesView, WatchRow } from '../../src/shared/view-models'
import { METRICS } from '../../src/shared/metric-definitions'
import { useBrowserApps } from './harness'
import { inkStats } from './harness/pixels'
import { focused, POLL, waitForTvl } from './helpers'
import { expectedNetworks, lastResult, openAsset } from './asset-view-helpers'

const suite = useBrowserApps()

/** The tooltip an "i" button describes itself with (its aria-describedby). */
function tipOf(page: Page, button: Locator): Promise<Locator> {
  return button.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`))
}

/** "HH:MM" of an ISO time in UTC (the test context's zone). */
const hhmm = (iso: string): string => iso.slice(11, 16)

describe.each(['light', 'dark'] as const)('figures explained, in %s mode', (scheme) => {
  it('every figure on the asset view has a keyboard-reachable tooltip with definition, source and as-of; the network split is drawn', async () => {
    const app = await suite.start({ colorScheme: scheme })
    const { page } = app
    const detail = await openAsset(app, 'TSLA')

    // The network split: one bar series per network (summed over issuers), a row each.
    const nets = expectedNetworks(detail)
    expect(nets.size).toBeGreaterThan(1)
    const chart = page.getByTestId('network-chart')
    expect(await chart.getAttribute('data-series-count')).toBe(String(nets.size))
    const rows = page.locator('[data-testid="network-table"] tbody tr[data-network]')
    expect(
      (await rows.evaluateAll((r) => r.map((x) => x.getAttribute('data-network')))).sort(),
    ).toEqual([...nets.keys()].sort())
    await page.waitForTimeout(100) // one frame for the last draw to reach the compositor
    const ink = await inkStats(app.context, await chart.screenshot())
    expect(ink.inkRatio).toBeGreaterThan(0.03)
    expect(ink.inkColors).toBeGreaterThan(3)
    await page.getByTestId('network-split').screenshot({
      path: `test-results/screenshots/network-split-${scheme}.png`,
    })

    // Every figure of the view carries a tip: 6 KPI cards, issuer TVL/share/volume, network
    // TVL/share/pools, networks-by-issuer TVL/share/pools/details, the series' TVL and volume.
    const kpiTips = page.locator('[data-testid="kpis"] [data-testid="metric-tip"]')
    expect(await kpiTips.count()).toBe(6)
    const metrics = await page
      .locator('.metric-tip')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-metric')))
    for (const m of [
      'tvl',
      'volume',
      'change7d',
      'change30d',
      'marketCap',
      'price',
      'issuerTvl',
      'issuerShare',
      'issuerVolume',
      'networkTvl',
      'networkShare',
      'networkShareOfIssuer',
      'poolCount',
      'poolFields',
      'seriesTvl',
      'seriesVolume',
      'hhi',
      'flow',
      'marketSession',
      'detailAge',
    ])
      expect(metrics, m).toContain(m)
    // Both concentration lines (issuers, networks) explain the HHI with the bands the app applies.
    const hhiTips = page.locator('.metric-tip[data-metric="hhi"] button')
    expect(await hhiTips.count()).toBe(2)
    const hhiText = (await (await tipOf(page, hhiTips.first())).textContent()) ?? ''
    expect(hhiText).toContain(METRICS.hhi.definition)
    expect(hhiText).toContain(hhmm(detail.fetchedAt))

    // Keyboard: Tab from the heading reaches the TVL card's tip; focus shows its text.
    await page.getByTestId('asset-title').focus()
    const tvlButton = page.locator('[data-kpi="tvl"] [data-testid="metric-tip"]')
    let reached = false
    for (let i = 0; i < 12 && !reached; i++) {
      await page.keyboard.press('Tab')
      reached = await tvlButton.evaluate((el) => el.ownerDocument.activeElement === el)
    }
    expect(reached, 'Tab reaches the TVL tooltip button').toBe(true)
    expect(await tvlButton.textContent()).toBe(`iAbout ${METRICS.tvl.label}`)
    const tip = await tipOf(page, tvlButton)
    expect(await tip.getAttribute('role')).toBe('tooltip')
    await expect.poll(() => tip.isVisible(), POLL).toBe(true)
    const text = (await tip.textContent()) ?? ''
    expect(text).toContain(METRICS.tvl.definition)
    expect(text).toContain(METRICS.tvl.source)
    expect(text).toContain(`As of: Fetched`)
    expect(text).toContain(hhmm(detail.fetchedAt))
    await app.screenshot(`tooltip-kpi-${scheme}`)

    // Escape hides it and keeps focus; a screen reader still gets the text as the description.
    await page.keyboard.press('Escape')
    await expect.poll(() => tip.isVisible(), POLL).toBe(false)
    expect((await focused(page)).testid).toBe('metric-tip')
    const cdp = await app.context.newCDPSession(page)
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: {
        name?: { value?: string }
        description?: { value?: string }
        role?: { value?: string }
      }[]
    }
    const node = nodes.find(
      (n) => n.role?.value === 'button' && n.name?.value === `About ${METRICS.tvl.label}`,
    )
    expect(node?.description?.value ?? '').toContain(METRICS.tvl.definition)
    expect(node?.description?.value ?? '').toContain(METRICS.tvl.source)

    // The 7-day change says it is computed here, from which fields; hover shows it too.
    const c7 = page.locator('[data-kpi="change7d"] [data-testid="metric-tip"]')
    await c7.hover()
    const c7tip = await tipOf(page, c7)
    await expect.poll(() => c7tip.isVisible(), POLL).toBe(true)
    expect(await c7tip.textContent()).toContain('history["7d"].tvl')

    // The series chart's tips date the data by the series' newest point.
    const series = lastResult<SeriesView>(app, 'getAssetSeries', 90)
    const sTip = await tipOf(page, page.locator('.metric-tip[data-metric="seriesTvl"] button'))
    expect(await sTip.textContent()).toContain('Newest point')
    expect(series.data.length).toBeGreaterThan(0)
    expect(app.pageErrors).toEqual([])
  })

  it('the watchlist headers and the analytics view explain their figures', async () => {
    const app = await suite.start({ colorScheme: scheme })
    const { page } = app
    await waitForTvl(page, 4)
    const head = page.locator('[data-testid="watchlist-table"] thead')
    const headMetrics = await head
      .locator('.metric-tip')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-metric')))
    expect(headMetrics).toEqual(['tvl', 'change7d', 'change30d', 'volume', 'seriesTvl'])
    // Tab order: the TVL sort button, then its tip (its own control: Enter does not sort).
    await head.getByRole('button', { name: /^TVL/ }).focus()
    await page.keyboard.press('Tab')
    expect((await focused(page)).testid).toBe('metric-tip')
    const tip = await tipOf(page, head.locator('.metric-tip[data-metric="tvl"] button'))
    await expect.poll(() => tip.isVisible(), POLL).toBe(true)
    const rows = (await app.invoke('getWatchlist')) as WatchRow[]
    const newest =
      rows
        .map((r) => r.fetchedAt ?? '')
        .sort()
        .at(-1) ?? ''
    expect(await tip.textContent()).toContain(hhmm(newest))
    await page.keyboard.press('Enter')
    expect(await head.locator('th[aria-sort="none"]').count()).toBe(
      await head.locator('th[aria-sort]').count(),
    )
    await app.screenshot(`tooltip-watchlist-${scheme}`)

    await page.getByTestId('nav-analytics').click()
    await expect
      .poll(() => page.getByTestId('analytics-chart').getAttribute('data-point-count'), POLL)
      .toMatch(/^[1-9]\d*$/)
    const aTip = page.locator('.metric-tip[data-metric="seriesTvl"] button')
    await aTip.focus()
    const aText = await (await tipOf(page, aTip)).textContent()
    expect(aText).toContain(METRICS.seriesTvl.definition)
    expect(aText).toContain('Newest point')
    expect(app.pageErrors).toEqual([])
  })
})

// ---- exports ----
