// The Alerts view at 1280 px: the Rules table's snooze buttons stay on one line ("1 h", not
// "1 / h") behind the open rule editor, and the editor's two-column grid leaves no field alone
// beside an empty cell, for every condition kind and scope (light and dark).
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserApps } from './harness'
import { POLL, openAlerts } from './helpers'

const suite = useBrowserApps()

/** The page's document as these probes use it (the tests' TypeScript has no DOM library). */
interface PageGlobals {
  document: {
    createRange(): {
      selectNodeContents(node: unknown): void
      getClientRects(): ArrayLike<{ top: number }>
    }
  }
}

/** How many lines each element's text takes (its text's line boxes, by their tops). */
function linesOf(page: Page, selector: string): Promise<Record<string, number>> {
  return page.locator(selector).evaluateAll((els) =>
    Object.fromEntries(
      els.map((el, i) => {
        const range = (globalThis as unknown as PageGlobals).document.createRange()
        range.selectNodeContents(el)
        const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)))
        return [`${i}: ${el.textContent?.trim()}`, tops.size]
      }),
    ),
  )
}

const KINDS = [
  'tvl-change',
  'net-flow',
  'tvl-below',
  'concentration',
  'pool-count',
  'issuer-drop',
  'volume-change',
]

/**
 * The editor's grid rows that hold a single half-width item (a field beside an empty cell), by the
 * item's label. A row holds either one item across both columns or two side by side.
 */
function lonelyCells(page: Page): Promise<string[]> {
  return page.locator('[data-testid="rule-editor"] [data-form-grid]').evaluateAll((grids) =>
    grids.flatMap((grid) => {
      const width = grid.getBoundingClientRect().width
      // An empty filler does not fill its cell; words or a control do.
      const items = [...grid.children].filter(
        (el) => el.textContent?.trim() || el.querySelector('input, select, textarea') !== null,
      )
      // Items whose boxes overlap vertically share a row (an item may sit at its row's foot).
      const rows: { top: number; bottom: number; els: (typeof items)[number][] }[] = []
      for (const el of items) {
        const box = el.getBoundingClientRect()
        const row = rows.find((r) => box.top < r.bottom && box.bottom > r.top)
        if (row) row.els.push(el)
        else rows.push({ top: box.top, bottom: box.bottom, els: [el] })
      }
      return rows
        .map((r) => r.els)
        .filter((row) => row.length === 1 && row[0]!.getBoundingClientRect().width < width * 0.9)
        .map((row) => row[0]!.textContent?.trim().slice(0, 40) ?? '')
    }),
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

  it('lays out every condition kind with no field beside an empty cell', async () => {
    const app = await suite.start({ colorScheme: scheme, viewport: { width: 1280, height: 800 } })
    const { page } = app
    await openAlerts(page)
    await page.getByRole('button', { name: 'New rule' }).click()
    const found: Record<string, string[]> = {}
    for (const scope of ['watchlist', 'symbols']) {
      await page.getByLabel('Scope', { exact: true }).selectOption(scope)
      for (const kind of KINDS) {
        await page.getByLabel('Condition', { exact: true }).selectOption(kind)
        const lonely = await lonelyCells(page)
        if (lonely.length) found[`${scope} ${kind}`] = lonely
      }
    }
    expect(found).toEqual({})
    await page.getByLabel('Scope', { exact: true }).selectOption('watchlist')
    await page.getByLabel('Condition', { exact: true }).selectOption('issuer-drop')
    // With the issuer note under its field, the grid still pairs every row.
    await page.getByLabel('Issuer (empty: any issuer)').fill('Nobody')
    await expect.poll(() => page.getByTestId('rule-issuer-note').count(), POLL).toBe(1)
    expect(await lonelyCells(page)).toEqual([])
    await app.screenshot(`rule-editor-grid-${scheme}`)
    expect(app.pageErrors).toEqual([])
  })
})
