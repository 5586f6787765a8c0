// A cached watchlist of 1000 symbols on screen fast: the rows a screen shows come first
// (getWatchlistPage), the table holds all 1000 at once (the rest as placeholders, in their
// places), and once getWatchlist brings the rest, sorting and filtering are over all of them.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { WatchlistPage } from '../../src/shared/view-models'
import { useBrowserApps, writeSettings } from './harness'
import { prepareCache } from './harness/cached-universe'
import { focused, POLL, symbolsShown, waitForVirtualRows, watchRows } from './helpers'

const suite = useBrowserApps()
const UNIVERSE = 1000
const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('a cached watchlist of 1000 symbols', () => {
  it('shows the rows on screen first, holds the rest in place, then sorts and filters all 1000', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lw-first-page-'))
    dirs.push(dataDir)
    const { symbols, deadUrl } = await prepareCache(dataDir, UNIVERSE)
    // Live mode at an address where nothing listens, no poll: the rows come from the cache alone.
    writeSettings(dataDir, (s) => ({ ...s, watchlist: symbols, baseUrl: deadUrl }))
    const app = await suite.start({ dataDir, start: false, navigate: false })
    const { page } = app
    // The whole watchlist waits (the IPC boundary holds it) until the test lets it through.
    let release = (): void => undefined
    const gate = new Promise<void>((r) => (release = r))
    const whole = app.table.getWatchlist
    app.table.getWatchlist = async (args) => {
      await gate
      return whole(args)
    }
    await page.goto(app.url)

    // The first screenful shows its figures while the whole watchlist has not arrived.
    await waitForVirtualRows(page, UNIVERSE)
    const [first] = app.bridge.requests('getWatchlistPage')
    expect(first?.args).toEqual([{ start: 0, count: expect.any(Number) as number }])
    const asked = (first!.args[0] as { count: number }).count
    expect(asked, 'rows asked for first').toBeLessThan(100)
    const answer = first!.result as { ok: true; value: WatchlistPage }
    expect(answer.value.symbols).toEqual(symbols)
    expect(answer.value.rows.map((r) => r.symbol)).toEqual(symbols.slice(0, asked))
    expect(await symbolsShown(page)).toEqual(symbols.slice(0, (await symbolsShown(page)).length))
    expect(app.bridge.requests('getWatchlist')).toEqual([])

    // The rest are in their places, marked as loading (End reaches the 1000th).
    await watchRows(page).first().focus()
    await page.keyboard.press('End')
    await expect.poll(() => focused(page), POLL).toMatchObject({ symbol: symbols.at(-1) })
    const last = page.locator(`tr[data-symbol="${symbols.at(-1)}"]`)
    expect(await last.getAttribute('aria-rowindex')).toBe(String(UNIVERSE + 1))
    expect(await last.getAttribute('aria-busy')).toBe('true')
    expect(await last.textContent()).toMatch(/Loading/)
    // Filtering by symbol already covers them.
    const tsla = symbols.filter((s) => s.toLowerCase().includes('tsla'))
    await page.getByLabel('Filter').fill('tsla')
    await expect.poll(() => symbolsShown(page), POLL).toEqual(tsla)
    await page.getByLabel('Filter').fill('')

    // Sorted by TVL (largest first) before the rest arrive: once they do, the order is over all 1000.
    await page.getByRole('button', { name: /^TVL/ }).click()
    release()
    const byTvl = (await app.core.getWatchlist())
      .filter((r) => r.totalTvl !== null)
      .sort((a, b) => b.totalTvl! - a.totalTvl!)
      .map((r) => r.symbol)
    expect(byTvl).toHaveLength(UNIVERSE)
    await expect.poll(async () => (await symbolsShown(page))[0], POLL).toBe(byTvl[0])
    await watchRows(page).first().focus()
    await page.keyboard.press('End')
    await expect.poll(() => focused(page), POLL).toMatchObject({ symbol: byTvl.at(-1) })
    await waitForVirtualRows(page, UNIVERSE)
    expect(await page.locator('tbody tr[aria-busy="true"]').count()).toBe(0)
    expect(app.bridge.requests('getWatchlist')).toHaveLength(1)
    expect(app.pageErrors).toEqual([])
  })
})
