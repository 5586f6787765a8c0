// A watchlist of a whole universe (1000 symbols from startLocalService({ universe })): the table is
// virtual (a screenful of rows in the DOM, aria-rowcount and aria-rowindex telling the whole),
// sorts, filters and moves by keyboard over all of them; and a poll that changes one symbol
// touches that row's DOM only.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { getCatalog } from '../../src/main/service/catalog'
import type { WatchRow } from '../../src/shared/view-models'
import { useBrowserApps } from './harness'
import { focused, POLL, refresh, symbolsShown, waitForView, waitForVirtualRows } from './helpers'

const suite = useBrowserApps()
const UNIVERSE = 1000
const symbols = (n: number): string[] =>
  getCatalog(UNIVERSE)
    .assets.slice(0, n)
    .map((a) => a.symbol)

const table = (page: Page) => page.getByTestId('watchlist-table')

/** The rendered rows' aria-rowindex values, in DOM order. */
function rowIndexes(page: Page): Promise<number[]> {
  return page
    .locator('[data-testid="watchlist-table"] tbody tr[data-symbol]')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('aria-rowindex'))))
}

describe('a watchlist of 1000 symbols', () => {
  it('renders a screenful of a virtual table that sorts, filters and moves by keyboard over all of them', async () => {
    const all = symbols(UNIVERSE)
    const app = await suite.start({
      universe: UNIVERSE,
      settings: (s) => ({ ...s, watchlist: all }),
    })
    const { page } = app
    await waitForVirtualRows(page, UNIVERSE)

    const shown = await symbolsShown(page)
    expect(shown.length, 'rows in the DOM').toBeGreaterThan(5)
    expect(shown.length, 'rows in the DOM').toBeLessThan(80)
    expect(shown).toEqual(all.slice(0, shown.length))
    const idx = await rowIndexes(page)
    expect(idx).toEqual(idx.map((_, i) => i + 2))

    // Sorting by symbol, descending on the second press: the last symbol of all comes first.
    const bySymbol = [...all].sort((a, b) => a.localeCompare(b))
    await page.getByRole('button', { name: /^Symbol/ }).click()
    await expect.poll(async () => (await symbolsShown(page))[0], POLL).toBe(bySymbol[0])
    await page.getByRole('button', { name: /^Symbol/ }).click()
    await expect.poll(async () => (await symbolsShown(page))[0], POLL).toBe(bySymbol.at(-1))

    // Keyboard over all rows: End reaches the 1000th (rendered on demand), Home the first.
    await page.locator('[data-testid="watchlist-table"] tbody tr[data-symbol]').first().focus()
    await page.keyboard.press('End')
    await expect.poll(() => focused(page), POLL).toMatchObject({ tag: 'tr', symbol: bySymbol[0] })
    expect(
      await page.locator(`tr[data-symbol="${bySymbol[0]}"]`).getAttribute('aria-rowindex'),
    ).toBe(String(UNIVERSE + 1))
    await page.keyboard.press('Home')
    await expect
      .poll(() => focused(page), POLL)
      .toMatchObject({ tag: 'tr', symbol: bySymbol.at(-1) })
    await page.keyboard.press('ArrowDown')
    await expect
      .poll(() => focused(page), POLL)
      .toMatchObject({ tag: 'tr', symbol: bySymbol.at(-2) })
    // One Tab stop in the table: the focused row alone has tabindex 0.
    expect(await page.locator('tbody tr[tabindex="0"]').count()).toBe(1)

    // Filtering: what the box holds, over all 1000 (not only the rendered ones).
    const wanted = all.filter((s) => s.toLowerCase().includes('tsla'))
    await page.getByLabel('Filter').fill('tsla')
    await expect.poll(() => symbolsShown(page), POLL).toEqual(wanted)
    expect(await table(page).getAttribute('aria-rowcount')).toBe(String(wanted.length + 1))
    expect(await page.getByTestId('watch-filter-count').textContent()).toBe(
      `${wanted.length} of ${UNIVERSE} shown`,
    )
    await page.getByLabel('Filter').fill('')
    await waitForVirtualRows(page, UNIVERSE)

    // Enter on a row still opens its asset.
    await page.locator('[data-testid="watchlist-table"] tbody tr[data-symbol]').first().focus()
    const symbol = (await focused(page)).symbol
    await page.keyboard.press('Enter')
    await waitForView(page, 'asset')
    expect(await page.getByTestId('asset-title').textContent()).toBe(symbol)
    expect(app.pageErrors).toEqual([])
  })

  it('a poll that changes one symbol touches only its row in the DOM', async () => {
    // Within a poll's detail budget (every row from its detail each poll, so a row's figures do
    // not switch between detail and daily series), and still more rows than a screenful.
    const watched = symbols(50)
    // The demo's figures drift with the service's clock: held still, a poll changes only what a
    // scenario changes.
    const now = new Date()
    const app = await suite.start({
      universe: UNIVERSE,
      serviceClock: () => now,
      settings: (s) => ({ ...s, watchlist: watched }),
    })
    const { page } = app
    await waitForVirtualRows(page, watched.length)
    await expect.poll(() => app.core.getStatus().then((s) => s.refreshing), POLL).toBe(false)
    await app.bridge.settled()
    const tvlOf = (s: string): Promise<string | null> =>
      page.locator(`tr[data-symbol="${s}"] td[data-col="tvl"]`).textContent()
    const before = await tvlOf('NVDA')
    const rowsBefore = await app.core.getWatchlist()
    const rendered = await symbolsShown(page)

    // Every mutation under the table body, by the row it happened in.
    // A string: this file is type-checked without the DOM library.
    await page.evaluate(`(() => {
      window.__touched = [];
      const body = document.querySelector('[data-testid="watchlist-table"] tbody');
      const rowOf = (n) => {
        const el = n instanceof Element ? n : n && n.parentElement;
        const tr = el && el.closest('tr');
        return (tr && tr.getAttribute('data-symbol')) || (tr && tr.classList.contains('pad') ? 'pad' : 'tbody');
      };
      new MutationObserver((list) => {
        for (const m of list) {
          window.__touched.push(rowOf(m.target));
          for (const n of [...m.addedNodes, ...m.removedNodes])
            if (n instanceof Element && n.tagName === 'TR')
              window.__touched.push('row added or removed: ' + n.getAttribute('data-symbol'));
        }
      }).observe(body, { subtree: true, childList: true, characterData: true, attributes: true });
    })()`)

    app.service()!.scenarios.add({ kind: 'tvl-drop', symbol: 'NVDA', pct: 40, windowDays: 1 })
    await refresh(app)
    await expect.poll(() => tvlOf('NVDA'), POLL).not.toBe(before)
    await app.bridge.settled()
    // The poll re-sent all 50 rows. Those it changed (more than the times they were fetched) may
    // be touched: NVDA, and any the demo's rules moved on (a pending alert going firing). No
    // other rendered row may be.
    const shows = (r: WatchRow): string =>
      JSON.stringify({ ...r, fetchedAt: null, detailFetchedAt: null })
    const old = new Map(rowsBefore.map((r) => [r.symbol, shows(r)]))
    const changed = new Set(
      (await app.core.getWatchlist())
        .filter((r) => old.get(r.symbol) !== shows(r))
        .map((r) => r.symbol),
    )
    expect(changed).toContain('NVDA')
    const untouchable = rendered.filter((s) => !changed.has(s))
    expect(untouchable.length, 'rendered rows the poll left as they were').toBeGreaterThan(10)
    const touched = new Set(
      (await page.evaluate<string[]>('window.__touched')).filter((t) => t !== 'pad'),
    )
    expect(touched).toContain('NVDA')
    expect([...touched].filter((t) => !changed.has(t))).toEqual([])
    expect(app.pageErrors).toEqual([])
  })
})
