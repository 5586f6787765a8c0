// The asset view's issuer table at the smallest width the layout is made for (1280 px, the split
// column beside the chart): every column inside its card, and the shares written at one precision
// (light and dark).
import { describe, expect, it } from 'vitest'
import { useBrowserApps } from './harness'
import { POLL, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

describe.each(['light', 'dark'] as const)('asset view issuer table (%s)', (scheme) => {
  it('fits inside its card at 1280 px and writes every share at one precision', async () => {
    const app = await suite.start({ colorScheme: scheme, viewport: { width: 1280, height: 800 } })
    const { page } = app
    await waitForTvl(page, 4)
    await page.locator('tr[data-symbol="TSLA"]').focus()
    await page.keyboard.press('Enter')
    await waitForView(page, 'asset')
    const card = page.getByRole('region', { name: 'Issuer split' })
    const table = card.locator('table')
    await expect.poll(() => table.locator('tbody tr').count(), POLL).toBeGreaterThan(3)
    await card.scrollIntoViewIfNeeded()

    // Every header cell, the last (Volume) included, ends inside the card's border: the table fits
    // without being cut off or scrolled.
    const edges = await card.evaluate((el) => {
      // Inside the border: the padding box's right edge.
      const inner = el.getBoundingClientRect().left + el.clientLeft + el.clientWidth
      const cells = [...el.querySelectorAll('table thead th')].map(
        (th) => th.getBoundingClientRect().right,
      )
      return { inner, cells }
    })
    expect(edges.cells.length).toBe(5)
    for (const right of edges.cells) expect(right).toBeLessThanOrEqual(edges.inner)

    // Share is the fourth column: one decimal on every row ("8.0%", not "8%" beside "8.3%").
    const shares = await table.locator('tbody tr td:nth-of-type(3)').allTextContents()
    expect(shares.length).toBeGreaterThan(3)
    for (const s of shares) expect(s).toMatch(/^\d{1,3}\.\d%$/)
    const sum = shares.reduce((a, s) => a + parseFloat(s), 0)
    expect(Math.abs(sum - 100)).toBeLessThan(0.5)

    await app.screenshot(`asset-issuers-${scheme}`)
    expect(app.pageErrors).toEqual([])
  })
})
