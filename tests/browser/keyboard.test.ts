// Keyboard only (Tab, Shift+Tab, Enter, arrow keys — no clicks, no programmatic focus): through
// the sidebar to every main view, focus landing on each view's heading, an analytics control
// changed with an arrow key, a watchlist row opened with Enter and the way back.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserApps } from './harness'
import { currentView, focused, POLL, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

type Focus = Awaited<ReturnType<typeof focused>>

/** Presses Tab (or Shift+Tab) until `want` holds; each press must move focus. */
async function tabTo(
  page: Page,
  want: (f: Focus) => boolean,
  opts: { back?: boolean; max?: number } = {},
): Promise<Focus> {
  let prev = await focused(page)
  for (let i = 0; i < (opts.max ?? 40); i++) {
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab')
    const now = await focused(page)
    expect(now, 'focus did not move').not.toEqual(prev)
    if (want(now)) return now
    prev = now
  }
  throw new Error(`focus never reached the target (last: ${JSON.stringify(prev)})`)
}

const nav = (view: string) => (f: Focus) => f.testid === `nav-${view}`

async function openView(page: Page, view: string, back: boolean): Promise<void> {
  await tabTo(page, nav(view), { back })
  await page.keyboard.press('Enter')
  await waitForView(page, view)
  // The shell moves focus into the new view: its heading.
  await expect.poll(async () => (await focused(page)).tag, POLL).toBe('h1')
  expect(await page.getByTestId(`nav-${view}`).getAttribute('aria-current')).toBe('page')
}

describe('keyboard-only navigation', () => {
  it('reaches every main view, changes a control with an arrow key and opens an asset with Enter', async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)
    expect(await currentView(page)).toBe('watchlist')

    // The first Tab stop is the sidebar.
    await page.keyboard.press('Tab')
    expect((await focused(page)).testid).toBe('nav-watchlist')

    await openView(page, 'analytics', false)
    expect((await focused(page)).text).toBe('Analytics')
    // Arrow keys on the focused "Group by" select pick the next grouping.
    await tabTo(page, (f) => f.tag === 'select')
    const before = app.bridge.requests('getAnalytics').length
    await page.keyboard.press('ArrowDown')
    await expect
      .poll(
        () =>
          app.bridge
            .requests('getAnalytics')
            .slice(before)
            .map((r) => (r.args[0] as { groupBy: string }).groupBy),
        POLL,
      )
      .toContain('stock')

    await openView(page, 'alerts', true)
    expect((await focused(page)).text).toBe('Alerts')
    await openView(page, 'settings', true)
    await openView(page, 'watchlist', true)

    // Into the table: a row takes focus, Enter opens its asset.
    const row = await tabTo(page, (f) => f.tag === 'tr' && f.symbol !== null)
    await page.keyboard.press('Enter')
    await waitForView(page, 'asset')
    await expect.poll(() => focused(page), POLL).toMatchObject({ tag: 'h1', text: row.symbol })

    // Back with the view's own button, one Shift+Tab before the heading.
    await tabTo(page, (f) => f.tag === 'button' && /watchlist/i.test(f.text), {
      back: true,
      max: 3,
    })
    await page.keyboard.press('Enter')
    await waitForView(page, 'watchlist')
    expect(app.pageErrors).toEqual([])
  })
})
