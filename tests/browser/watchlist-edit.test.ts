// Editing the watchlist from the keyboard: add a ticker (Enter in the field), remove it (Enter on
// its remove button), the message for an unknown symbol, and a lower-case ticker added as the
// service spells it (issue 22, item 4: it was refused with "did you mean TSLA?" said twice).
// The field shows its whole placeholder (it was cut off at "e.g. TSLA or a").
import { describe, expect, it } from 'vitest'
import { useBrowserApps, type App } from './harness'
import { POLL, symbolsShown, waitForTvl } from './helpers'

const suite = useBrowserApps()

async function addByKeyboard(a: App, text: string): Promise<void> {
  const input = a.page.getByLabel('Add symbol')
  await input.focus()
  await a.page.keyboard.type(text)
  await a.page.keyboard.press('Enter')
}

describe('watchlist editing', () => {
  it('adds a ticker with Enter and removes it with Enter on its remove button', async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)

    await addByKeyboard(app, 'MSFT')
    await expect
      .poll(() => symbolsShown(page), POLL)
      .toEqual(['TSLA', 'NVDA', 'AAPL', 'GOLD', 'MSFT'])
    await waitForTvl(page, 5)
    expect(await page.getByLabel('Add symbol').inputValue()).toBe('')
    expect(app.bridge.requests('addSymbols').map((r) => r.args)).toEqual([[['MSFT']]])
    expect((await app.core.getSettings()).watchlist).toContain('MSFT')

    const remove = page.getByRole('button', { name: 'Remove MSFT' })
    await remove.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => symbolsShown(page), POLL).toEqual(['TSLA', 'NVDA', 'AAPL', 'GOLD'])
    expect(app.bridge.requests('removeSymbol').map((r) => r.args)).toEqual([['MSFT']])
    // Persisted: the settings file no longer lists it.
    expect((await app.core.getSettings()).watchlist).toEqual(['TSLA', 'NVDA', 'AAPL', 'GOLD'])
    expect(app.pageErrors).toEqual([])
  })

  it('explains an unknown symbol and keeps the list unchanged', async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)

    await addByKeyboard(app, 'NOSUCH')
    const error = page.getByTestId('add-symbol-error')
    await expect.poll(() => error.isVisible(), POLL).toBe(true)
    const text = (await error.textContent()) ?? ''
    expect(text).toMatch(/NOSUCH/)
    expect(text).toMatch(/not (known|found)|no asset|unknown/i)
    expect(text).toBe('NOSUCH is not known to the service.')
    // The preload's "[kind] " prefix carries the kind across contextBridge; it is not for people
    // (the renderer should show ApiCallError.from(e).message).
    expect(text, 'bridge kind tag shown to the user').not.toMatch(/^\[[a-z-]+\]/)
    expect(await page.getByLabel('Add symbol').getAttribute('aria-invalid')).toBe('true')
    expect(await symbolsShown(page)).toEqual(['TSLA', 'NVDA', 'AAPL', 'GOLD'])
    expect(app.bridge.requests('addSymbols')[0]?.result).toMatchObject({
      ok: true,
      value: { added: [], unknown: ['NOSUCH'] },
    })
  })

  it('answers a wrongly cased ticker ("tsla") with a hint about TSLA', async () => {
    const app = await suite.start({ settings: (s) => ({ ...s, watchlist: ['GOLD'] }) })
    const { page } = app
    await waitForTvl(page, 1)

    await addByKeyboard(app, 'tsla')
    const done = page.getByTestId('add-symbol-done')
    await expect.poll(() => done.isVisible(), POLL).toBe(true)
    expect(await done.textContent()).toBe('Added TSLA.')
    await expect.poll(() => symbolsShown(page), POLL).toEqual(['GOLD', 'TSLA'])
    expect(await page.getByTestId('add-symbol-error').count()).toBe(0)
    expect((await app.core.getSettings()).watchlist).toEqual(['GOLD', 'TSLA'])
  })
})

describe('the Add symbol field', () => {
  it('shows its whole placeholder (not cut off)', async () => {
    const app = await suite.start({ viewport: { width: 1280, height: 800 } })
    const { page } = app
    await waitForTvl(page, 4)
    const input = page.getByLabel('Add symbol')
    // The placeholder's text width in the input's own font against the room inside its padding.
    const fit = await input.evaluate((el) => {
      const i = el as unknown as {
        placeholder: string
        clientWidth: number
        ownerDocument: { createElement(t: string): unknown }
      }
      const cs = (
        globalThis as unknown as {
          getComputedStyle(e: unknown): { font: string; paddingLeft: string; paddingRight: string }
        }
      ).getComputedStyle(el)
      const canvas = i.ownerDocument.createElement('canvas') as {
        getContext(t: '2d'): { font: string; measureText(t: string): { width: number } }
      }
      const ctx = canvas.getContext('2d')
      ctx.font = cs.font
      const room = i.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)
      return { text: i.placeholder, width: ctx.measureText(i.placeholder).width, room }
    })
    expect(fit.text.length).toBeGreaterThan(0)
    expect(fit.width, JSON.stringify(fit)).toBeLessThanOrEqual(fit.room)
    expect(app.pageErrors).toEqual([])
  })
})
