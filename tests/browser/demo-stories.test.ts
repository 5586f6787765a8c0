// Demo mode shows the whole app (issue 22, item 21): the history views say their week is demo
// history, and the status bar's "Try a story" plays a TVL drop on the demo data so a newcomer
// watches the default rule go pending, fire (notified) and resolve "back to normal". Real core,
// embedded service and history.sqlite; the OS notification is the recorded boundary.
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserApps, type App } from './harness'
import { POLL, SLOW, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

const alertState = (a: App, symbol: string): Promise<string | null> =>
  a.page.locator(`tr[data-symbol="${symbol}"]`).getAttribute('data-alert-state')

/** Presses "Refresh now" and waits for that cycle to finish. */
async function refresh(a: App): Promise<void> {
  const button = a.page.getByRole('button', { name: 'Refresh now' })
  await expect.poll(() => button.isEnabled(), SLOW).toBe(true)
  const before = a.bridge.requests('refreshNow').length
  await button.click()
  await expect.poll(() => a.bridge.requests('refreshNow').length, POLL).toBe(before + 1)
  await a.bridge.settled()
}

/** axe-core's serious or critical findings inside `selector`. */
async function serious(page: Page, selector: string): Promise<string[]> {
  const r = await new AxeBuilder({ page }).include(selector).analyze()
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
}

describe.each(['light', 'dark'] as const)('demo stories (%s)', (scheme) => {
  it('a TVL drop played from the status bar fires the rule, notifies, and resolves back to normal', async () => {
    const app = await suite.start({ colorScheme: scheme, seedDemoHistory: true })
    const { page } = app
    await waitForTvl(page, 4)
    expect(await alertState(app, 'TSLA')).toBe('ok')

    await page.getByTestId('demo-stories-toggle').click()
    const strip = page.getByTestId('demo-stories')
    const line = page.getByTestId('demo-story-line')
    await page.locator('[data-story="drop"]').hover()
    await expect.poll(() => line.textContent(), POLL).toMatch(/loses 25 % of its TVL/)
    await page.locator('[data-story="drop"]').click()
    await page.mouse.move(0, 0)
    await expect
      .poll(() => line.textContent(), POLL)
      .toMatch(/^\s*TSLA loses 25 % of its TVL now: the 7-day drop rule/)
    expect(await page.getByTestId('demo-stories-toggle').textContent()).toBe('Story on TSLA')

    // Played with a poll at once: pending; the next poll fires it.
    await expect.poll(() => alertState(app, 'TSLA'), SLOW).toBe('pending')
    await refresh(app)
    await expect.poll(() => alertState(app, 'TSLA'), SLOW).toBe('firing')
    expect(app.notifications).toHaveLength(1)
    expect(app.notifications[0]).toMatchObject({ status: 'sent', symbol: 'TSLA' })
    await strip.scrollIntoViewIfNeeded()
    await app.screenshot(`demo-story-drop-${scheme}`)
    expect(await serious(page, '[data-testid="demo-stories"]')).toEqual([])

    await page.locator('[data-story="recover"]').click()
    await expect.poll(() => line.getAttribute('data-playing'), POLL).toBe('')
    await expect.poll(() => alertState(app, 'TSLA'), SLOW).toBe('resolved')
    expect(app.pageErrors).toEqual([])
  })

  it('marks the asset view’s history as demo history', async () => {
    const app = await suite.start({ colorScheme: scheme, seedDemoHistory: true })
    const { page } = app
    await waitForTvl(page, 4)
    await page.locator('tr[data-symbol="TSLA"]').focus()
    await page.keyboard.press('Enter')
    await waitForView(page, 'asset')
    for (const id of ['asset-flow-demo', 'asset-migration-demo', 'issuer-shares-demo']) {
      await expect.poll(() => page.getByTestId(id).textContent(), SLOW).toBe('DEMO HISTORY')
    }
    await expect
      .poll(() => page.getByTestId('asset-flow').getAttribute('data-kind'), SLOW)
      .toBe('split')
    await page.getByTestId('asset-flow').scrollIntoViewIfNeeded()
    await app.screenshot(`demo-history-asset-${scheme}`)
    expect(await serious(page, '[data-testid="asset-flow"]')).toEqual([])
    expect(app.pageErrors).toEqual([])
  })
})

describe('demo history badge', () => {
  it('is not shown beside "no history yet": only where history is shown', async () => {
    // No demo week seeded: the history is empty, so every history view says why it shows nothing.
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)
    // Demo mode (the embedded demo service), where the history views would carry the badge.
    await expect.poll(() => page.getByTestId('demo-badge').count(), POLL).toBe(1)
    await page.locator('tr[data-symbol="TSLA"]').focus()
    await page.keyboard.press('Enter')
    await waitForView(page, 'asset')
    await expect
      .poll(() => page.getByTestId('asset-flow').getAttribute('data-kind'), SLOW)
      .not.toBe('loading')
    await expect.poll(() => page.getByTestId('issuer-shares-reason').isVisible(), SLOW).toBe(true)
    await expect
      .poll(() => page.getByTestId('asset-migration').getAttribute('data-kind'), SLOW)
      .toBe('unknown')
    expect(await page.getByTestId('asset-flow').getAttribute('data-kind')).not.toBe('split')
    for (const id of [
      'asset-flow-demo',
      'asset-migration-demo',
      'issuer-shares-demo',
      'network-shares-demo',
    ])
      expect(await page.getByTestId(id).count(), id).toBe(0)
    expect(app.pageErrors).toEqual([])
  })
})
