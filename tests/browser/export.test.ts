// Issue 10, item 9: every chart and table exports CSV (parsed back: header and every row) and PNG
// (a real image), through the browser's own download.
import { describe, expect, it } from 'vitest'
import { getCatalog } from '../../src/main/service/catalog'
import type { EngineStatus, SeriesView, WatchRow } from '../../src/shared/view-models'
import { useBrowserApps } from './harness'
import { csvRows, expectPng, exportFile } from './export-helpers'
import { POLL, refresh, waitForTvl, waitForView } from './helpers'
import { expectedNetworks, lastResult, openAsset } from './asset-view-helpers'

const suite = useBrowserApps()

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
