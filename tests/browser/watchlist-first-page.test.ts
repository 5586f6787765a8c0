// A cached watchlist of 1000 symbols on screen fast: the rows a screen shows come first
// (getWatchlistPage), the table holds all 1000 at once (the rest as placeholders, in their
// places), and once getWatchlist brings the rest, sorting and filtering are over all of them.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WatchlistPage, WatchRow } from '../../src/shared/view-models'
import { useBrowserApps, writeSettings, type App } from './harness'
import { prepareCache } from './harness/cached-universe'
import { focused, POLL, symbolsShown, waitForVirtualRows, watchRows } from './helpers'

const suite = useBrowserApps()
const UNIVERSE = 1000
let dataDir = ''
let symbols: string[] = []
let deadUrl = ''
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lw-first-page-'))
  ;({ symbols, deadUrl } = await prepareCache(dataDir, UNIVERSE))
})
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/**
 * The app on the cached universe, in live mode at an address where nothing listens and without
 * polling (the rows come from the cache alone), with the whole watchlist held at the IPC boundary
 * until `release` answers it (with the engine's rows, or with `answer`'s result).
 */
async function startHeld(): Promise<{ app: App; release(answer?: 'fail'): void }> {
  writeSettings(dataDir, (s) => ({ ...s, watchlist: symbols, baseUrl: deadUrl }))
  const app = await suite.start({ dataDir, start: false, navigate: false })
  let release: (answer?: 'fail') => void = () => undefined
  const gate = new Promise<'fail' | undefined>((r) => (release = r))
  const whole = app.table.getWatchlist
  app.table.getWatchlist = async (args) =>
    (await gate) === 'fail'
      ? { ok: false, error: { kind: 'internal', message: 'The engine stopped answering.' } }
      : whole(args)
  await app.page.goto(app.url)
  return { app, release: (answer) => release(answer) }
}

describe('a cached watchlist of 1000 symbols', () => {
  it('shows the rows on screen first, holds the rest in place, then sorts and filters all 1000', async () => {
    const { app, release } = await startHeld()
    const { page } = app

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

  it('a restarted app answers the rows before its first poll; after it every row keeps its figures and says it was not refreshed', async () => {
    // As main starts it: the first poll (every request failing: nothing listens) waits for the window's rows.
    writeSettings(dataDir, (s) => ({ ...s, watchlist: symbols, baseUrl: deadUrl }))
    const app = await suite.start({ dataDir, navigate: false, afterWindowRows: true })
    const { page } = app
    await page.goto(app.url)
    await waitForVirtualRows(page, UNIVERSE)
    await expect.poll(() => app.bridge.events('watchlistUpdated').length, POLL).toBeGreaterThan(0)

    // The page and the whole list were answered from the cache before the poll's rows went out.
    const order = app.bridge.records.map((r) => (r.kind === 'request' ? r.method : r.event))
    const polled = order.indexOf('watchlistUpdated')
    expect(order.indexOf('getWatchlistPage')).toBeGreaterThanOrEqual(0)
    expect(order.indexOf('getWatchlistPage')).toBeLessThan(polled)
    expect(order.indexOf('getWatchlist')).toBeGreaterThanOrEqual(0)
    expect(order.indexOf('getWatchlist')).toBeLessThan(polled)

    // Every row of the poll: its cached figures, and the failed request said.
    const rows = app.bridge.events('watchlistUpdated')[0]!.payload as WatchRow[]
    expect(rows.map((r) => r.symbol)).toEqual(symbols)
    expect(rows.filter((r) => r.totalTvl === null).map((r) => r.symbol)).toEqual([])
    // The poll could not refresh them (no API key here; a long watchlist fetches details in
    // tiers): every row says why, the ones it asked for with the failure itself.
    expect(rows.filter((r) => r.problems.length === 0).map((r) => r.symbol)).toEqual([])
    expect(rows.filter((r) => r.error?.kind === 'auth').length).toBeGreaterThan(0)
    // On screen: the state judged before stays, and the as-of note says the row was not refreshed.
    const first = watchRows(page).first()
    await expect.poll(() => first.textContent(), POLL).toMatch(/Not refreshed — data from/)
    expect(await first.getAttribute('data-alert-state')).toBe(rows[0]!.judgedState)
    await waitForVirtualRows(page, UNIVERSE)
    expect(app.pageErrors).toEqual([])
  })

  it('when the rest cannot be loaded, their places say so and the rows on screen stay', async () => {
    const { app, release } = await startHeld()
    const { page } = app
    await waitForVirtualRows(page, UNIVERSE)
    const onScreen = await symbolsShown(page)
    release('fail')
    await watchRows(page).first().focus()
    await page.keyboard.press('End')
    const last = page.locator(`tr[data-symbol="${symbols.at(-1)}"]`)
    await expect
      .poll(() => last.textContent(), POLL)
      .toMatch(/Could not load this row: The engine stopped answering\./)
    expect(await last.getAttribute('aria-busy')).toBe('false')
    await page.keyboard.press('Home')
    await waitForVirtualRows(page, UNIVERSE)
    expect(await symbolsShown(page)).toEqual(onScreen)
    expect(app.pageErrors).toEqual([])
  })
})
