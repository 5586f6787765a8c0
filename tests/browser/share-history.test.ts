// Issuers and networks over time on the asset view, over the real core, its history.sqlite and the
// local service: too little history says so in words; after polls (one with an issuer missing from
// the data) each chart draws the engine's series, switches between stacked TVL and shares in the
// same Chart.js instance, and exports CSV (parsed back) and PNG (light and dark).
import { describe, expect, it } from 'vitest'
import type { AssetSharesView, ShareHistory } from '../../src/shared/asset-shares'
import type { AssetView } from '../../src/shared/view-models'
import { csvRows, expectPng, exportFile } from './export-helpers'
import { useBrowserApps, type App } from './harness'
import { POLL, refresh, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

function lastShares(app: App): AssetSharesView {
  const r = app.bridge
    .requests('getAssetShares')
    .filter((x) => x.result.ok)
    .at(-1)
  if (!r || !r.result.ok) throw new Error('no shares crossed the bridge')
  return r.result.value as AssetSharesView
}

async function openTsla(app: App): Promise<void> {
  await waitForTvl(app.page, 4)
  await app.page.locator('tr[data-symbol="TSLA"]').click()
  await waitForView(app.page, 'asset')
}

/** What the chart's canvas says it drew: series, points, and the first series' newest value. */
async function drawn(
  app: App,
  by: string,
): Promise<{ series: number; points: number; lastY: number; id: string }> {
  const c = app.page.getByTestId(`${by}-shares-chart`)
  return {
    series: Number(await c.getAttribute('data-series-count')),
    points: Number(await c.getAttribute('data-point-count')),
    lastY: Number(await c.getAttribute('data-last-y')),
    id: (await c.getAttribute('data-chart-id')) ?? '',
  }
}

async function expectCsv(app: App, by: 'issuer' | 'network', h: ShareHistory): Promise<void> {
  const rows = csvRows(await exportFile(app.page, `${by}s over time`, 'CSV'))
  expect(rows[0]).toEqual(['at', by, 'tvl', 'share'])
  const want = h.at.flatMap((at, t) =>
    h.parts.map((p) => [new Date(at).toISOString(), p.name, p.tvl[t]!, p.share[t]!] as const),
  )
  expect(rows.slice(1)).toHaveLength(want.length)
  rows.slice(1).forEach((r, i) => {
    const [at, name, tvl, share] = want[i]!
    expect([r[0], r[1], Number(r[2])]).toEqual([at, name, tvl])
    expect(Number(r[3])).toBeCloseTo(share, 12)
  })
}

describe.each(['light', 'dark'] as const)('issuers and networks over time (%s)', (scheme) => {
  it('says there is not enough history yet, then draws, toggles in place and exports', async () => {
    const app = await suite.start({ colorScheme: scheme, viewport: { width: 1280, height: 1600 } })
    const { page } = app
    await openTsla(app)

    // At most the first poll recorded: no chart, the reason in plain words, export off.
    const reason = page.getByTestId('issuer-shares-reason')
    await expect.poll(() => reason.textContent(), POLL).toMatch(/^Not enough history yet: /)
    const early = lastShares(app)
    expect(early.snapshots).toBeLessThan(2)
    expect(await reason.textContent()).toBe(early.reason)
    expect(await page.getByTestId('network-shares-reason').textContent()).toBe(early.reason)
    expect(await page.getByTestId('issuer-shares-chart').count()).toBe(0)
    const exportButton = page
      .getByRole('group', { name: 'Export issuers over time' })
      .getByRole('button', { name: 'Export' })
    expect(await exportButton.isDisabled()).toBe(true)
    await page.getByTestId('share-histories').scrollIntoViewIfNeeded()
    await page.getByTestId('share-histories').screenshot({
      path: `test-results/screenshots/share-history-too-short-${scheme}.png`,
    })

    // Polls, one of them with TSLA's first issuer gone from the data.
    const gone = ((await app.invoke('getAsset', 'TSLA')) as AssetView).data.issuers[0]!.name
    await refresh(app)
    const id = app
      .service()!
      .scenarios.add({ kind: 'issuer-missing', symbol: 'TSLA', issuer: gone })
    await refresh(app)
    app.service()!.scenarios.remove(id)
    await refresh(app)
    await expect.poll(() => lastShares(app).snapshots, POLL).toBeGreaterThanOrEqual(4)
    const view = lastShares(app)
    expect(view.reason).toBeNull()
    const chart = page.getByTestId('issuer-shares-chart')
    await expect
      .poll(() => chart.getAttribute('data-point-count'), POLL)
      .toBe(String(view.issuers.parts.length * view.issuers.at.length))
    // The issuer that left is a series with a 0 at its poll.
    const missing = view.issuers.parts.find((p) => p.name === gone)!
    expect(missing.tvl).toContain(0)

    // Stacked TVL first: the chart's newest value is the first part's TVL.
    const first = view.issuers.parts[0]!
    const stacked = await drawn(app, 'issuer')
    expect(stacked.series).toBe(view.issuers.parts.length)
    expect(stacked.lastY).toBe(first.tvl.at(-1))
    const legend = page.locator('[data-testid="issuer-shares-legend"] li')
    expect(await legend.evaluateAll((els) => els.map((e) => e.getAttribute('data-part')))).toEqual(
      view.issuers.parts.map((p) => p.name),
    )

    // Share %: the same Chart.js instance, now each part's share of the sum.
    const panel = page.getByTestId('issuer-shares')
    await panel.getByRole('button', { name: 'Share %' }).click()
    expect(await panel.getByRole('button', { name: 'Share %' }).getAttribute('aria-pressed')).toBe(
      'true',
    )
    await expect
      .poll(async () => (await drawn(app, 'issuer')).lastY, POLL)
      .toBeCloseTo(first.share.at(-1)! * 100, 9)
    expect((await drawn(app, 'issuer')).id).toBe(stacked.id)
    const nets = await drawn(app, 'network')
    expect(nets.series).toBe(view.networks.parts.length)
    expect(nets.points).toBe(view.networks.parts.length * view.networks.at.length)

    await expectCsv(app, 'issuer', view.issuers)
    await expectPng(app, await exportFile(page, 'issuers over time', 'PNG'))
    await expectCsv(app, 'network', view.networks)
    await expectPng(app, await exportFile(page, 'networks over time', 'PNG'))

    await page.getByTestId('share-histories').scrollIntoViewIfNeeded()
    await page.waitForTimeout(100) // one frame for the last draw to reach the compositor
    await page.getByTestId('share-histories').screenshot({
      path: `test-results/screenshots/share-history-${scheme}.png`,
    })
    expect(app.pageErrors).toEqual([])
  })
})
