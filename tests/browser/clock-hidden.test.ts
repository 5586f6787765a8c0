// The renderer's relative-time clock stops while the window is hidden and ticks once at once when
// it is shown. The page's clock is Playwright's (a true boundary): three minutes pass while hidden,
// and the status bar's "Next poll" must not move until the window is shown again.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserApps } from './harness'
import { POLL, waitForTvl } from './helpers'

const suite = useBrowserApps()

/** What Electron's page sees when the window is hidden or shown (Page Visibility API). */
async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  // A string: this file is type-checked without the DOM library.
  await page.evaluate(`(() => {
    Object.defineProperty(document, 'visibilityState', { value: '${state}', configurable: true });
    Object.defineProperty(document, 'hidden', { value: ${state === 'hidden'}, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  })()`)
}

describe('the renderer clock', () => {
  it('does not tick while the window is hidden and ticks at once when shown', async () => {
    const app = await suite.start({ navigate: false })
    const { page } = app
    await page.clock.install({ time: new Date() })
    await page.goto(app.url)
    await waitForTvl(page, 4)
    const next = page.getByTestId('next-poll')
    await expect.poll(() => next.textContent(), POLL).toBe('in 5 min')

    await setVisibility(page, 'hidden')
    await page.clock.runFor(3 * 60_000)
    expect(await next.textContent(), 'the clock ticked while hidden').toBe('in 5 min')

    await setVisibility(page, 'visible')
    // No time passes on the page's clock here: only the tick on showing can move it.
    await expect.poll(() => next.textContent(), POLL).toBe('in 2 min')
    expect(app.pageErrors).toEqual([])
  })
})
