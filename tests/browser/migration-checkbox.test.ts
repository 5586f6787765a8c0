// The rule editor's "ignore migrations" checkbox (issue 22, item 7): its label took 6 lines at the
// editor's normal width. One short line, the explanation as help text below it.
import { describe, expect, it } from 'vitest'
import { useBrowserApps } from './harness'
import { POLL, openAlerts } from './helpers'

const suite = useBrowserApps()

/** The page's document and nodes as the probe uses them (the tests' TypeScript has no DOM library). */
interface TextNode {
  nodeType: number
  textContent: string | null
}
interface PageGlobals {
  document: {
    createRange(): {
      selectNodeContents(node: unknown): void
      getClientRects(): ArrayLike<{ top: number }>
    }
  }
}

describe('ignore-migrations checkbox', () => {
  it('its label is one line at 1280×800, the explanation is its help text', async () => {
    const app = await suite.start({ viewport: { width: 1280, height: 800 } })
    const { page } = app
    await openAlerts(page)
    await page.getByRole('button', { name: 'New rule' }).click()
    await expect.poll(() => page.getByTestId('rule-editor').isVisible(), POLL).toBe(true)
    await page.getByLabel('Condition', { exact: true }).selectOption('tvl-change')
    const box = page.getByTestId('rule-ignore-migrations')
    await expect.poll(() => box.isVisible(), POLL).toBe(true)

    // The label's text lines, by the tops of its words' line boxes (the box itself left out).
    const lines = await box.evaluate((el) => {
      const tops = new Set<number>()
      const label = el.closest('label') as unknown as { childNodes: ArrayLike<TextNode> }
      for (const node of Array.from(label.childNodes)) {
        if (node.nodeType !== 3 || !node.textContent?.trim()) continue
        const range = (globalThis as unknown as PageGlobals).document.createRange()
        range.selectNodeContents(node)
        for (const r of Array.from(range.getClientRects())) tops.add(Math.round(r.top))
      }
      return tops.size
    })
    expect(lines).toBe(1)
    const help = await box.getAttribute('aria-describedby')
    expect(help).toBeTruthy()
    expect(await page.locator(`#${help}`).textContent()).toMatch(/real loss/)
    expect(app.pageErrors).toEqual([])
  })
})
