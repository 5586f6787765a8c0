// Issue 10, items 8 and 9: every figure explains itself (definition, source, as-of) in a tooltip a
// keyboard and a screen reader reach; the asset view draws a network split; and every chart and
// table exports CSV (parsed back: header and every row) and PNG (a real image), through the
// browser's own download.
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { getCatalog } from '../../src/main/service/catalog'
import type { AssetView, EngineStatus, SeriesView, WatchRow } from '../../src/shared/view-models'
import { METRICS } from '../../src/shared/metric-definitions'
import { useBrowserApps, type App } from './harness'
import { inkStats } from './harness/pixels'
import { csvRows, expectPng, exportFile } from './export-helpers'
import { focused, POLL, refresh, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

function lastResult<T>(a: App, method: 'getAsset' | 'getAssetSeries', days?: number): T {
  const r = a.bridge
    .requests(method)
    .filter((x) => x.result.ok && (days === undefined || x.args[1] === days))
    .at(-1)
  if (!r || !r.result.ok) throw new Error(`no ${method} result crossed the bridge`)
  return r.result.value as T
}

async function openAsset(app: App, symbol: string): Promise<AssetView> {
  await waitForTvl(app.page, 4)
  await app.page.locator(`tr[data-symbol="${symbol}"]`).click()
  await waitForView(app.page, 'asset')
  await expect
    .poll(() => app.page.getByTestId('network-chart').getAttribute('data-point-count'), POLL)
    .toMatch(/^[1-9]\d*$/)
  await expect
    .poll(() => app.page.getByTestId('asset-series-chart').getAttribute('data-point-count'), POLL)
    .toMatch(/^[1-9]\d*$/)
  return lastResult<AssetView>(app, 'getAsset')
}

/** The tooltip an "i" button describes itself with (its aria-describedby). */
function tipOf(page: Page, button: Locator): Promise<Locator> {
  return button.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`))
}

/** "HH:MM" of an ISO time in UTC (the test context's zone). */
const hhmm = (iso: string): string => iso.slice(11, 16)

/** Networks over all issuers, summed: what the network split must show. */
function expectedNetworks(detail: AssetView): Map<string, { tvl: number; pools: number }> {
  const m = new Map<string, { tvl: number; pools: number }>()
  for (const i of detail.data.issuers)
    for (const n of i.networks) {
      const t = m.get(n.network) ?? { tvl: 0, pools: 0 }
      t.tvl += n.tvl
      t.pools += n.pools.length
      m.set(n.network, t)
    }
  return m
}

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

const num = (s: string | undefined): number => Number(s)

describe('CSV and PNG export', () => {
  it('exports the asset series, issuer split, network split and pool list', async () => {
    const app = await suite.start()
    const { page } = app
    const detail = await openAsset(app, 'TSLA')
    const series = lastResult<SeriesView>(app, 'getAssetSeries', 90)

    const sCsv = csvRows(await exportFile(page, 'TVL and volume chart', 'CSV'))
    expect(sCsv[0]).toEqual(['date', 'tvl', 'volume'])
    expect(sCsv.slice(1)).toHaveLength(series.data.length)
    sCsv.slice(1).forEach((r, i) => {
      const p = series.data[i]!
      expect([r[0], num(r[1]), num(r[2])]).toEqual([p.date, p.tvl, p.volume])
    })
    await expectPng(app, await exportFile(page, 'TVL and volume chart', 'PNG'))

    const issuers = detail.data.issuers
    const totalTvl = issuers.reduce((s, i) => s + i.totalTvl, 0)
    const iCsv = csvRows(await exportFile(page, 'issuer split', 'CSV'))
    expect(iCsv[0]).toEqual(['issuer', 'token', 'tvl', 'tvlShare', 'volume', 'volumeShare'])
    expect(iCsv.slice(1)).toHaveLength(issuers.length)
    iCsv.slice(1).forEach((r, n) => {
      const i = issuers[n]!
      expect([r[0], r[1], num(r[2]), num(r[4])]).toEqual([
        i.name,
        i.tokenSymbol,
        i.totalTvl,
        i.totalVolume,
      ])
      expect(num(r[3])).toBeCloseTo(i.totalTvl / totalTvl, 12)
    })
    await expectPng(app, await exportFile(page, 'issuer split', 'PNG'))

    const nets = expectedNetworks(detail)
    const nCsv = csvRows(await exportFile(page, 'network split', 'CSV'))
    expect(nCsv[0]).toEqual(['network', 'tvl', 'tvlShare', 'pools', 'poolShare', 'issuers'])
    expect(
      nCsv
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([...nets.keys()].sort())
    for (const r of nCsv.slice(1)) {
      const want = nets.get(r[0]!)!
      expect(num(r[1])).toBeCloseTo(want.tvl, 6)
      expect(num(r[3])).toBe(want.pools)
    }
    await expectPng(app, await exportFile(page, 'network split', 'PNG'))

    const pools = detail.data.issuers.flatMap((i) =>
      i.networks.flatMap((n) => n.pools.map((p) => ({ issuer: i.name, network: n.network, p }))),
    )
    expect(pools.length).toBeGreaterThan(0)
    const pCsv = csvRows(await exportFile(page, 'pool list', 'CSV'))
    expect(pCsv[0]!.slice(0, 3)).toEqual(['issuer', 'network', 'pool'])
    expect(pCsv.slice(1)).toHaveLength(pools.length)
    const keys = pCsv[0]!.slice(3)
    pCsv.slice(1).forEach((r, n) => {
      const want = pools[n]!
      expect([r[0], r[1]]).toEqual([want.issuer, want.network])
      keys.forEach((k, j) => {
        const v = want.p[k]
        const cell = r[3 + j]
        if (v === undefined || v === null) expect(cell).toBe('')
        else if (typeof v === 'number') expect(num(cell)).toBe(v)
        else if (typeof v === 'object') expect(cell).toBe(JSON.stringify(v))
        else expect(cell).toBe(String(v))
      })
    })
    expect(app.pageErrors).toEqual([])
  })

  it('exports every watchlist row, not only those the virtual table drew', async () => {
    const all = getCatalog(300)
      .assets.slice(0, 300)
      .map((a) => a.symbol)
    const app = await suite.start({ universe: 300, settings: (s) => ({ ...s, watchlist: all }) })
    const { page } = app
    await expect
      .poll(() => page.getByTestId('watchlist-table').getAttribute('aria-rowcount'), POLL)
      .toBe(String(all.length + 1))
    // Between polls (none under way, every row fetched), the page holds the engine's rows: the
    // export must be exactly those. (Comparing with the last event raced a whole-list answer that
    // arrived after it, newer.)
    const idle = async (): Promise<boolean> => {
      const status = (await app.invoke('getStatus')) as EngineStatus
      const now = (await app.invoke('getWatchlist')) as WatchRow[]
      return !status.refreshing && now.every((r) => r.fetchedAt)
    }
    await expect.poll(idle, POLL).toBe(true)
    await app.bridge.settled()
    const drawn = await page
      .locator('[data-testid="watchlist-table"] tbody tr[data-symbol]')
      .count()
    expect(drawn).toBeLessThan(all.length)

    const attempt = ((await app.invoke('getStatus')) as EngineStatus).lastAttemptAt
    const csv = csvRows(await exportFile(page, 'watchlist', 'CSV'))
    const rows = (await app.invoke('getWatchlist')) as WatchRow[]
    // No poll ran during the export, so the page's rows and these are the same poll's.
    expect(((await app.invoke('getStatus')) as EngineStatus).lastAttemptAt).toBe(attempt)
    expect(csv[0]!.slice(0, 3)).toEqual(['symbol', 'assetType', 'tvl'])
    expect(csv.slice(1)).toHaveLength(all.length)
    const bySymbol = new Map(rows.map((r) => [r.symbol, r]))
    expect(csv.slice(1).map((r) => r[0])).toEqual(all)
    const col = (name: string): number => csv[0]!.indexOf(name)
    for (const r of csv.slice(1)) {
      const want = bySymbol.get(r[0]!)!
      expect(num(r[col('tvl')])).toBe(want.totalTvl)
      expect(num(r[col('volume')])).toBe(want.totalVolume)
      expect(r[col('change7dPct')]).toBe(want.change7d ? String(want.change7d.pct) : '')
      expect(r[col('alertState')]).toBe(want.alertState)
      expect(r[col('fetchedAt')]).toBe(want.fetchedAt)
    }
    expect(app.pageErrors).toEqual([])
  })

  it('exports the alert history, the notification log and the analytics chart', async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)
    app.service()!.scenarios.add({ kind: 'tvl-drop', symbol: 'NVDA', pct: 25, windowDays: 7 })
    await refresh(app)
    await refresh(app)
    await page.getByTestId('nav-alerts').click()
    await waitForView(page, 'alerts')
    await expect
      .poll(() => page.locator('[data-testid="alert-history"] tr[data-type="fired"]').count(), POLL)
      .toBeGreaterThan(0)

    const history = await app.invoke('getAlertHistory', { limit: 300 })
    const hCsv = csvRows(await exportFile(page, 'alert history', 'CSV'))
    expect(hCsv[0]).toEqual([
      'at',
      'type',
      'symbol',
      'ruleId',
      'ruleName',
      'value',
      'threshold',
      'verified',
      'durationMs',
      'message',
    ])
    expect(hCsv.slice(1)).toHaveLength(history.length)
    hCsv.slice(1).forEach((r, n) => {
      const e = history[n]!
      expect([r[0], r[1], r[2], r[4], r[9]]).toEqual([
        e.at,
        e.type,
        e.symbol,
        e.ruleName,
        e.message,
      ])
      expect(r[5]).toBe(e.value === null ? '' : String(e.value))
    })

    const log = await app.invoke('getNotificationLog')
    expect(log.length).toBeGreaterThan(0)
    const lCsv = csvRows(await exportFile(page, 'notification log', 'CSV'))
    expect(lCsv[0]).toEqual(['at', 'status', 'reason', 'title', 'body', 'note', 'events'])
    expect(lCsv.slice(1)).toHaveLength(log.length)
    lCsv.slice(1).forEach((r, n) => {
      const { at, decision: d } = log[n]!
      expect([r[0], r[1], num(r[6])]).toEqual([at, d.status, d.eventIds.length])
      if (d.status !== 'suppressed') expect([r[3], r[4]]).toEqual([d.title, d.body])
    })

    await page.getByTestId('nav-analytics').click()
    await expect
      .poll(() => page.getByTestId('analytics-chart').getAttribute('data-point-count'), POLL)
      .toMatch(/^[1-9]\d*$/)
    const aCsv = csvRows(await exportFile(page, 'analytics chart', 'CSV'))
    expect(aCsv[0]!.slice(0, 4)).toEqual(['series', 'date', 'tvl', 'volume'])
    expect(aCsv.length - 1).toBe(
      Number(await page.getByTestId('analytics-chart').getAttribute('data-point-count')) /
        (aCsv[0]!.includes('poolCount') ? 2 : 1),
    )
    await expectPng(app, await exportFile(page, 'analytics chart', 'PNG'))
    expect(app.pageErrors).toEqual([])
  })
})
