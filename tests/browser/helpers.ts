// Page queries shared by the flows, written against the roles, labels and test ids the renderer's
// components declare (WatchTable, StatusBar, Sidebar, Banners, AddSymbol, HistoryLog, Chart).
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { App } from './harness/app'

export const POLL = { timeout: 15_000, interval: 100 }
/** For what waits on a poll of the engine: long enough for a loaded machine, only spent on failure. */
export const SLOW = { timeout: 45_000, interval: 200 }

export function watchRows(page: Page): Locator {
  return page.locator('[data-testid="watchlist-table"] tbody tr[data-symbol]')
}

export async function symbolsShown(page: Page): Promise<string[]> {
  return watchRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-symbol') ?? ''))
}

/** Waits until every watchlist row shows a TVL figure (a formatted dollar amount). */
export async function waitForTvl(page: Page, count: number): Promise<string[]> {
  await expect
    .poll(
      () =>
        page
          .locator('[data-testid="watchlist-table"] tbody tr[data-symbol] td[data-col="tvl"]')
          .allTextContents(),
      POLL,
    )
    .toSatisfy((cells: string[]) => cells.length === count && cells.every((c) => /\$\d/.test(c)))
  return page
    .locator('[data-testid="watchlist-table"] tbody tr[data-symbol] td[data-col="tvl"]')
    .allTextContents()
}

/**
 * Waits until the (virtual) watchlist table holds `count` rows (aria-rowcount) and every row it
 * renders shows its TVL.
 */
export async function waitForVirtualRows(page: Page, count: number): Promise<void> {
  await expect
    .poll(async () => {
      const rowcount = await page.getByTestId('watchlist-table').getAttribute('aria-rowcount')
      const cells = await page
        .locator('[data-testid="watchlist-table"] tbody tr[data-symbol] td[data-col="tvl"]')
        .allTextContents()
      return (
        rowcount === String(count + 1) && cells.length > 0 && cells.every((c) => /\$\d/.test(c))
      )
    }, POLL)
    .toBe(true)
}

export async function currentView(page: Page): Promise<string | null> {
  return page.locator('main').getAttribute('data-view')
}

export async function waitForView(page: Page, view: string): Promise<void> {
  await expect.poll(() => currentView(page), POLL).toBe(view)
}

/** Text of the focused element and its test id / tag, for keyboard assertions. */
export function focused(
  page: Page,
): Promise<{ tag: string; text: string; testid: string | null; symbol: string | null }> {
  return page.evaluate(() => {
    const el = (globalThis as unknown as { document: { activeElement: HostEl | null } }).document
      .activeElement
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      text: (el?.textContent ?? '').trim().slice(0, 80),
      testid: el?.getAttribute('data-testid') ?? null,
      symbol: el?.getAttribute('data-symbol') ?? null,
    }
  })
}

interface HostEl {
  tagName: string
  textContent: string | null
  getAttribute(name: string): string | null
}

/** Presses "Refresh now" and waits for that poll and the events it sent to reach the page. */
export async function refresh(a: App): Promise<void> {
  const button = a.page.getByRole('button', { name: 'Refresh now' })
  await expect.poll(() => button.isEnabled(), POLL).toBe(true)
  const before = a.bridge.requests('refreshNow').length
  await button.click()
  await expect.poll(() => a.bridge.requests('refreshNow').length, POLL).toBe(before + 1)
  await a.bridge.settled()
}

/** The Alerts view, once the watchlist shows its first `rows` figures (a nav button or link). */
export async function openAlerts(page: Page, rows = 4): Promise<void> {
  await waitForTvl(page, rows)
  await page
    .getByRole('button', { name: 'Alerts' })
    .or(page.getByRole('link', { name: 'Alerts' }))
    .first()
    .click()
  await waitForView(page, 'alerts')
}
