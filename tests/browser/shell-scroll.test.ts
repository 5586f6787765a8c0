// The app shell never scrolls: in every view, at 1280 × 800 and at 800 × 600, scrolling to the
// bottom (the window, the wheel over the content and the content pane itself) moves only the
// content pane; the sidebar and the status bar stay in the window. Screenshots of each view
// scrolled to its bottom, light and dark, land in test-results/screenshots/.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserApps } from './harness'
import { POLL, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()
const positive = /^[1-9]\d*$/

const VIEWS: {
  view: string
  open: (p: Page) => Promise<void>
  ready: (p: Page) => Promise<unknown>
}[] = [
  {
    view: 'watchlist',
    open: (p) => p.getByTestId('nav-watchlist').click(),
    ready: (p) => waitForTvl(p, 4),
  },
  {
    view: 'asset',
    open: async (p) => {
      await p.getByTestId('nav-watchlist').click()
      await waitForTvl(p, 4)
      await p.locator('tr[data-symbol="TSLA"]').click()
    },
    ready: (p) =>
      expect
        .poll(() => p.getByTestId('asset-series-chart').getAttribute('data-point-count'), POLL)
        .toMatch(positive),
  },
  {
    view: 'analytics',
    open: (p) => p.getByTestId('nav-analytics').click(),
    ready: (p) =>
      expect
        .poll(() => p.getByTestId('analytics-chart').getAttribute('data-point-count'), POLL)
        .toMatch(positive),
  },
  {
    view: 'alerts',
    open: (p) => p.getByTestId('nav-alerts').click(),
    ready: (p) => expect.poll(() => p.locator('main h1').count(), POLL).toBeGreaterThan(0),
  },
  {
    view: 'settings',
    open: (p) => p.getByTestId('nav-settings').click(),
    ready: (p) => expect.poll(() => p.locator('main h1').count(), POLL).toBeGreaterThan(0),
  },
]

interface Layout {
  docScrollTop: number
  docScrollHeight: number
  viewport: { w: number; h: number }
  sidebar: { top: number; bottom: number }
  statusBar: { top: number; bottom: number }
  main: { scrollTop: number; scrollHeight: number; clientHeight: number }
}

// A page script as a string: this file is type-checked without the DOM library.
const LAYOUT = `(() => {
  const r = (el) => { const b = el.getBoundingClientRect(); return { top: b.top, bottom: b.bottom } };
  const se = document.scrollingElement;
  const main = document.querySelector('main');
  return {
    docScrollTop: se.scrollTop,
    docScrollHeight: se.scrollHeight,
    viewport: { w: innerWidth, h: innerHeight },
    sidebar: r(document.querySelector('nav.sidebar')),
    statusBar: r(document.querySelector('[data-testid="status-bar"]')),
    main: { scrollTop: main.scrollTop, scrollHeight: main.scrollHeight, clientHeight: main.clientHeight },
  };
})()`

/** Every way a user (or a script) scrolls down: the wheel over the content, the window, End. */
async function scrollToBottom(page: Page): Promise<void> {
  const box = await page.locator('main').boundingBox()
  if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  for (let i = 0; i < 12; i++) await page.mouse.wheel(0, 1500)
  await page.evaluate(`(() => {
    const main = document.querySelector('main');
    main.scrollTop = main.scrollHeight;
    window.scrollTo(0, 1e6);
    document.scrollingElement.scrollTop = 1e6;
  })()`)
  await page.waitForTimeout(150) // smooth wheel scrolling settles
}

describe.each(['light', 'dark'] as const)('the app shell in %s mode', (scheme) => {
  it('never scrolls: only the content pane does, in every view at 1280 × 800 and 800 × 600', async () => {
    const app = await suite.start({ colorScheme: scheme })
    const { page } = app
    await waitForTvl(page, 4)
    const seen: Record<string, Layout> = {}
    for (const size of [
      { width: 1280, height: 800 },
      { width: 800, height: 600 },
    ]) {
      await page.setViewportSize(size)
      for (const v of VIEWS) {
        await v.open(page)
        await waitForView(page, v.view)
        await v.ready(page)
        await scrollToBottom(page)
        const at = `${v.view} ${size.width}×${size.height}`
        const l = (await page.evaluate(LAYOUT)) as Layout
        seen[at] = l
        await app.screenshot(`shell-bottom-${v.view}-${size.width}x${size.height}-${scheme}`)
        expect(l.docScrollTop, `${at}: the window scrolled`).toBe(0)
        expect(
          l.docScrollHeight,
          `${at}: the document is taller than the window`,
        ).toBeLessThanOrEqual(l.viewport.h)
        expect(l.sidebar.top, `${at}: sidebar`).toBeGreaterThanOrEqual(0)
        expect(l.sidebar.bottom, `${at}: sidebar`).toBeLessThanOrEqual(l.viewport.h)
        expect(l.statusBar.top, `${at}: status bar`).toBeGreaterThanOrEqual(0)
        expect(l.statusBar.bottom, `${at}: status bar`).toBeLessThanOrEqual(l.viewport.h)
        // The content pane did scroll to its own end where it is longer than the window.
        expect(
          l.main.scrollTop + l.main.clientHeight,
          `${at}: content pane`,
        ).toBeGreaterThanOrEqual(l.main.scrollHeight - 1)
      }
    }
    // The asset view is longer than the window, so the test scrolled something real.
    const asset = seen['asset 800×600']!
    expect(asset.main.scrollHeight).toBeGreaterThan(asset.main.clientHeight)
    expect(app.pageErrors).toEqual([])
  })
})
