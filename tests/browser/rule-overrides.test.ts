// Per-symbol overrides (threshold, enabled, snooze) in the rule editor and on the asset view,
// through the real preload, handler table and core: what is typed reaches the stored rule, a
// threshold the condition cannot use is refused in plain words at its row and never sent, and a
// snooze from the asset view snoozes that rule for that symbol. Light and dark screenshots.
import { describe, expect, it } from 'vitest'
import { DEFAULT_RULE_ID, type AlertRule } from '../../src/shared/alert-rules'
import { useBrowserApps, type App } from './harness'
import { POLL, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

async function storedRule(app: App): Promise<AlertRule> {
  return (await app.core.getRules()).find((r) => r.id === DEFAULT_RULE_ID)!
}

describe('per-symbol overrides', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(
      `the rule editor lists the symbols in scope with threshold, enabled and snooze (${colorScheme})`,
      { timeout: 120_000 },
      async () => {
        const app = await suite.start({ colorScheme, viewport: { width: 1100, height: 1300 } })
        const { page } = app
        await waitForTvl(page, 4)
        await page.getByTestId('nav-alerts').click()
        await waitForView(page, 'alerts')
        await page.getByRole('button', { name: /^Edit 7-day TVL drop/ }).click()
        const table = page.getByTestId('override-table')
        await expect.poll(() => table.isVisible(), POLL).toBe(true)
        // A watchlist rule: the watched symbols, in watchlist order.
        const { watchlist } = await app.core.getSettings()
        expect(
          await table.locator('tbody tr').evaluateAll((rs) => rs.map((r) => r.dataset.symbol)),
        ).toEqual(watchlist)
        expect(await table.locator('thead').textContent()).toContain('Drop (%)')
        const tsla = page.getByLabel('Threshold for TSLA')
        expect(await tsla.getAttribute('placeholder')).toBe('10')

        // Out of range: said at the row in plain words; Save sends nothing and focuses the field.
        await tsla.fill('2000')
        const err = table.getByTestId('override-error')
        await expect
          .poll(() => err.textContent(), POLL)
          .toBe('a change threshold can be at most 1,000 %')
        await expect.poll(() => tsla.getAttribute('aria-invalid'), POLL).toBe('true')
        await page.getByRole('button', { name: 'Save rule' }).click()
        await expect.poll(() => page.locator('#override-TSLA:focus').count(), POLL).toBe(1)
        expect(app.bridge.requests('saveRule')).toHaveLength(0)

        await tsla.fill('5')
        await expect.poll(() => err.count(), POLL).toBe(0)
        await page.getByLabel('Rule enabled for NVDA').uncheck()
        await page.getByRole('button', { name: 'Snooze AAPL on this rule for 1 hour' }).click()
        const aaplRow = table.locator('tr[data-symbol="AAPL"]')
        await expect.poll(() => aaplRow.locator('[data-snoozed-until]').count(), POLL).toBe(1)
        await page.getByTestId('rule-editor').screenshot({
          path: `test-results/screenshots/rule-overrides-${colorScheme}.png`,
          animations: 'disabled',
        })

        const before = Date.now()
        await page.getByRole('button', { name: 'Save rule' }).click()
        await expect.poll(() => page.getByTestId('rule-editor').count(), POLL).toBe(0)
        const { overrides } = await storedRule(app)
        expect(overrides).toEqual({
          TSLA: { threshold: 5 },
          NVDA: { enabled: false },
          AAPL: { snoozedUntil: expect.any(String) },
        })
        const until = Date.parse(overrides.AAPL!.snoozedUntil!)
        expect(until).toBeGreaterThan(before + 59 * 60_000)
        expect(until).toBeLessThanOrEqual(Date.now() + 60 * 60_000)
        // Edited again: the table shows what was saved.
        await page.getByRole('button', { name: /^Edit 7-day TVL drop/ }).click()
        await expect.poll(() => page.getByLabel('Threshold for TSLA').inputValue(), POLL).toBe('5')
        expect(await page.getByLabel('Rule enabled for NVDA').isChecked()).toBe(false)
        expect(app.pageErrors).toEqual([])
      },
    )

    it(
      `the asset view sets this symbol's threshold and enabled, and snoozes the rule for it (${colorScheme})`,
      { timeout: 120_000 },
      async () => {
        const app = await suite.start({ colorScheme, viewport: { width: 1100, height: 1400 } })
        const { page } = app
        await waitForTvl(page, 4)
        await page.locator('tr[data-symbol="TSLA"]').focus()
        await page.keyboard.press('Enter')
        await waitForView(page, 'asset')
        const panel = page.getByTestId('symbol-rules')
        const row = panel.locator(`tr[data-rule-id="${DEFAULT_RULE_ID}"]`)
        await expect.poll(() => row.isVisible(), POLL).toBe(true)
        const shown = row.getByTestId('symbol-threshold')
        await expect.poll(() => shown.textContent(), POLL).toMatch(/^Drop\s+10 \(the rule's\)$/)
        const input = row.getByLabel(/^Drop \(%\) for TSLA on /)

        // Refused before it is sent, in plain words.
        await input.fill('1500')
        await row.getByRole('button', { name: 'Set' }).click()
        await expect
          .poll(() => row.getByRole('alert').textContent(), POLL)
          .toBe('Not saved: a change threshold can be at most 1,000 %.')
        expect(app.bridge.requests('saveRule')).toHaveLength(0)

        await input.fill('6')
        await row.getByRole('button', { name: 'Set' }).click()
        await expect
          .poll(async () => (await storedRule(app)).overrides.TSLA, POLL)
          .toEqual({
            threshold: 6,
          })
        await expect.poll(() => shown.textContent(), POLL).toMatch(/^Drop\s+6 \(rule: 10\)$/)
        await expect.poll(() => row.getByRole('alert').count(), POLL).toBe(0)

        // Snooze: the rule for this symbol only, recorded in the history, the header says so.
        await row.getByRole('button', { name: /^Snooze TSLA on .* for 24 hours$/ }).click()
        await expect
          .poll(async () => (await storedRule(app)).overrides.TSLA?.snoozedUntil ?? null, POLL)
          .not.toBeNull()
        expect((await storedRule(app)).overrides.NVDA).toBeUndefined()
        expect((await storedRule(app)).snoozedUntil).toBeNull()
        await expect
          .poll(async () => (await app.core.getAlertHistory({ type: 'snoozed' }))[0], POLL)
          .toMatchObject({ ruleId: DEFAULT_RULE_ID, symbol: 'TSLA' })
        await expect.poll(() => row.locator('[data-snoozed-until]').count(), POLL).toBe(1)
        await expect.poll(() => page.locator('.head [data-state="snoozed"]').count(), POLL).toBe(1)
        await panel.screenshot({
          path: `test-results/screenshots/asset-rules-${colorScheme}.png`,
          animations: 'disabled',
        })
        await row.getByRole('button', { name: /^Lift snooze on TSLA/ }).click()
        await expect
          .poll(async () => (await storedRule(app)).overrides.TSLA?.snoozedUntil ?? null, POLL)
          .toBeNull()

        // Off for this symbol; the threshold stays.
        await row.getByLabel(/ enabled for TSLA$/).uncheck()
        await expect
          .poll(async () => (await storedRule(app)).overrides.TSLA, POLL)
          .toEqual({ threshold: 6, enabled: false })
        expect(app.pageErrors).toEqual([])
      },
    )
  }
})
