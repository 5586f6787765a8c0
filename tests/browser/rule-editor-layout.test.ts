// The Alerts view at 1280 px: the Rules table's snooze buttons stay on one line ("1 h", not
// "1 / h") behind the open rule editor (light and dark).
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserApps } from './harness'
import { POLL, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

async function openAlerts(page: Page): Promise<void> {
  await waitForTvl(page, 4)
  await page
    .getByRole('button', { name: 'Alerts' })
    .or(page.getByRole('link', { name: 'Alerts' }))
    .first()
    .click()
  await waitForView(page, 'alerts')
}

/** How many lines each element's text takes (its text's line boxes, by their tops). */
function linesOf(page: Page, selector: string): Promise<Record<string, number>> {
  return page.locator(selector).evaluateAll((els) =>
    Object.fromEntries(
      els.map((el, i) => {
        const range = document.createRange()
        range.selectNodeContents(el)
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
        return [`${i}: ${el.textContent?.trim()}`, tops.size]
      }),
    ),
  )
}

describe.each(['light', 'dark'] as const)('rule editor layout (%s)', (scheme) => {
  it('keeps the snooze buttons on one line behind the editor', async () => {
    const app = await suite.start({ colorScheme: scheme, viewport: { width: 1280, height: 800 } })
    const { page } = app
    await openAlerts(page)
    const snooze = '[data-testid="rule-list"] [role="group"] button'
    await expect.poll(() => page.locator(snooze).count(), POLL).toBeGreaterThan(1)
    await page.getByRole('button', { name: 'New rule' }).click()
    await expect.poll(() => page.getByTestId('rule-editor').isVisible(), POLL).toBe(true)
    const lines = await linesOf(page, snooze)
    for (const n of Object.values(lines)) expect(n, JSON.stringify(lines)).toBe(1)
    expect(app.pageErrors).toEqual([])
  })
})
