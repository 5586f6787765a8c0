// Building a watchlist by pasting (issue 22, item 4): a list in any case, separated by new lines,
// commas or spaces, goes into the Add symbol field as it would from the clipboard; what the
// service knows is added in its spelling, and one line says which were unknown. A 1000-symbol
// watchlist is one paste, not an edited file.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { getCatalog } from '../../src/main/service/catalog'
import { useBrowserApps } from './harness'
import { POLL, symbolsShown, waitForTvl, waitForVirtualRows } from './helpers'

const suite = useBrowserApps()

/** A clipboard paste into the focused Add symbol field (line breaks and all). */
async function pasteIntoAdd(page: Page, text: string): Promise<void> {
  await page.getByLabel('Add symbol').focus()
  // Run in the page (a string: this file is typed for Node, not the DOM).
  await page.evaluate(`(() => {
    const t = ${JSON.stringify(text)};
    const data = new DataTransfer();
    data.setData('text/plain', t);
    const e = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
    // Not cancelled: do what the browser does with a one-line field (line breaks dropped).
    if (document.activeElement.dispatchEvent(e))
      document.execCommand('insertText', false, t.replace(/[\\r\\n]/g, ''));
  })()`)
}

describe('pasting a list of symbols', () => {
  it('adds a pasted list in any case (lines, commas, spaces) and says in one line which were unknown', async () => {
    const app = await suite.start({ settings: (s) => ({ ...s, watchlist: ['GOLD'] }) })
    const { page } = app
    await waitForTvl(page, 1)

    await pasteIntoAdd(page, 'tsla\nmsft, nvda  aapl\r\nNOSUCH\ngold\n')
    await page.keyboard.press('Enter')

    const done = page.getByTestId('add-symbol-done')
    await expect.poll(() => done.isVisible(), POLL).toBe(true)
    expect(await done.textContent()).toBe(
      'Added TSLA, MSFT, NVDA and AAPL. Already watched: GOLD. Not known to the service: NOSUCH.',
    )
    await expect
      .poll(() => symbolsShown(page), POLL)
      .toEqual(['GOLD', 'TSLA', 'MSFT', 'NVDA', 'AAPL'])
    expect(await page.getByLabel('Add symbol').inputValue()).toBe('')
    expect(app.bridge.requests('addSymbols').map((r) => r.args)).toEqual([
      [['tsla', 'msft', 'nvda', 'aapl', 'NOSUCH', 'gold']],
    ])
    expect((await app.core.getSettings()).watchlist).toEqual([
      'GOLD',
      'TSLA',
      'MSFT',
      'NVDA',
      'AAPL',
    ])
    expect(app.pageErrors).toEqual([])
  })

  it('builds a 1000-symbol watchlist from one paste', async () => {
    const all = getCatalog(1000).assets.map((a) => a.symbol)
    const app = await suite.start({
      universe: 1000,
      settings: (s) => ({ ...s, watchlist: [all[0]!] }),
    })
    const { page } = app
    await waitForTvl(page, 1)

    await pasteIntoAdd(page, all.map((s) => s.toLowerCase()).join('\n'))
    await page.keyboard.press('Enter')

    const done = page.getByTestId('add-symbol-done')
    await expect.poll(() => done.isVisible(), { ...POLL, timeout: 60_000 }).toBe(true)
    expect(await done.textContent()).toBe(`Added 999 symbols. Already watched: ${all[0]}.`)
    await waitForVirtualRows(page, 1000)
    expect(new Set((await app.core.getSettings()).watchlist)).toEqual(new Set(all))
    expect(app.pageErrors).toEqual([])
  })
})
