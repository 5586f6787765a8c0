// A fresh install on demo data: the embedded service answers, the watchlist fills with TVL figures,
// the status bar says demo and online.
import { describe, expect, it } from 'vitest'
import { useBrowserApps } from './harness'
import { POLL, symbolsShown, waitForTvl } from './helpers'

const suite = useBrowserApps()

describe('first run on demo data', () => {
  it('shows the demo badge, the default watchlist with TVL numbers and an online status bar', async () => {
    const app = await suite.start()
    const { page } = app

    await expect.poll(() => page.getByTestId('demo-badge').isVisible(), POLL).toBe(true)
    expect(await page.getByTestId('demo-badge').textContent()).toMatch(/demo data/i)

    const tvl = await waitForTvl(page, 4)
    expect(await symbolsShown(page)).toEqual(['TSLA', 'NVDA', 'AAPL', 'GOLD'])
    // Compact dollar amounts from the service's totals (e.g. "$91.2M").
    for (const cell of tvl) expect(cell).toMatch(/^\$\d+(\.\d)?[KMB]$/)

    const bar = page.getByTestId('status-bar')
    await expect.poll(() => bar.getAttribute('data-connection'), POLL).toBe('online')
    await expect
      .poll(() => page.getByTestId('last-updated').textContent(), POLL)
      .toMatch(/^\d\d:\d\d$/)
    expect(await page.getByTestId('next-poll').textContent()).toMatch(/min|due/)

    // The page's numbers are the engine's: the same rows crossed the bridge as a result or event.
    const rows = [
      ...app.bridge.requests('getWatchlist').map((r) => r.result),
      ...app.bridge.events('watchlistUpdated').map((e) => ({ ok: true, value: e.payload })),
    ]
    const last = rows.at(-1) as { ok: true; value: { symbol: string; totalTvl: number | null }[] }
    expect(last.value.map((r) => r.symbol)).toEqual(['TSLA', 'NVDA', 'AAPL', 'GOLD'])
    expect(last.value.every((r) => typeof r.totalTvl === 'number' && r.totalTvl > 0)).toBe(true)
    const status = app.bridge.requests('getStatus')[0]?.result
    expect(status).toMatchObject({ ok: true, value: { mode: 'demo' } })
    expect(app.pageErrors).toEqual([])
  })
})
