// The asset view says whether the underlying's market is open now and was at the data's time.
// The page's "now" is Playwright's clock (a true boundary), fixed on a Saturday; the data's time is
// when the real engine fetched it.
import { describe, expect, it } from 'vitest'
import type { AssetView } from '../../src/shared/view-models'
import { marketSession } from '../../src/shared/market-hours'
import { useBrowserApps, type App } from './harness'
import { POLL, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()
const SATURDAY = new Date('2026-11-21T15:00:00Z')
const THANKSGIVING = new Date('2026-11-26T15:00:00Z')

async function openAsset(app: App, symbol: string, now: Date): Promise<AssetView> {
  const { page } = app
  await page.clock.setFixedTime(now)
  await page.goto(app.url)
  await waitForTvl(page, 4)
  await page.locator(`tr[data-symbol="${symbol}"]`).click()
  await waitForView(page, 'asset')
  await expect.poll(() => page.getByTestId('market-hours').count(), POLL).toBe(1)
  const r = app.bridge
    .requests('getAsset')
    .filter((x) => x.result.ok)
    .at(-1)
  if (!r || !r.result.ok) throw new Error('no asset crossed the bridge')
  return r.result.value as AssetView
}

describe('market hours on the asset view', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`labels a stock's US market now and at the data's time (${colorScheme})`, async () => {
      const app = await suite.start({ colorScheme, navigate: false })
      const asset = await openAsset(app, 'TSLA', SATURDAY)
      const now = app.page.getByTestId('market-now')
      expect(await now.textContent()).toContain('US market closed (weekend)')
      expect(await now.getAttribute('data-phase')).toBe('closed')
      const atData = app.page.getByTestId('market-at-data')
      const expected = marketSession(
        { symbol: 'TSLA', assetType: 'stock' },
        new Date(asset.fetchedAt),
      )
      expect(await atData.textContent()).toContain(expected.label)
      expect(await atData.getAttribute('data-phase')).toBe(expected.phase)
      await app.screenshot(`asset-market-hours-${colorScheme}`)
      expect(app.pageErrors).toEqual([])
    })
  }

  it('names the holiday, and a commodity its own session', async () => {
    const app = await suite.start({ navigate: false })
    await openAsset(app, 'TSLA', THANKSGIVING)
    expect(await app.page.getByTestId('market-now').textContent()).toContain(
      'US market closed (holiday: Thanksgiving)',
    )
    await app.page.getByRole('button', { name: '← Watchlist' }).click()
    await app.page.locator('tr[data-symbol="GOLD"]').click()
    await expect.poll(() => app.page.getByTestId('asset-title').textContent(), POLL).toBe('GOLD')
    await expect
      .poll(() => app.page.getByTestId('market-now').textContent(), POLL)
      .toContain('CME metals market hours not known (holiday: Thanksgiving)')
    expect(app.pageErrors).toEqual([])
  })
})
