// The rule editor for the volume-change kind, which has no fields component of its own: the
// generic form built from its field descriptors (shared/conditions/volume-change.ts) shows its
// defaults, saves the rule the engine judges, lists it in words and reads it back for editing.
import { describe, expect, it } from 'vitest'
import { useBrowserApps } from './harness'
import { POLL, openAlerts } from './helpers'

const suite = useBrowserApps()

describe('volume-change in the rule editor', () => {
  it('the generic form: its defaults, a saved rule in words, read back when edited', async () => {
    const app = await suite.start({ viewport: { width: 1280, height: 800 } })
    const { page } = app
    await openAlerts(page)
    await page.getByRole('button', { name: 'New rule' }).click()
    const editor = page.getByTestId('rule-editor')
    await expect.poll(() => editor.isVisible(), POLL).toBe(true)
    await page.getByLabel('Name', { exact: true }).fill('Volume drying up')
    await page.getByLabel('Condition', { exact: true }).selectOption('volume-change')

    const direction = page.getByLabel('Direction', { exact: true })
    const threshold = page.getByLabel('Threshold (%)', { exact: true })
    const baseline = page.getByLabel('Average over (days)', { exact: true })
    expect(await direction.inputValue()).toBe('down')
    expect(await threshold.inputValue()).toBe('50')
    expect(await baseline.inputValue()).toBe('30')
    expect(await editor.textContent()).toMatch(/Re-arm margin \(% points\)/)
    await app.screenshot('rule-editor-volume-change')

    await threshold.fill('40')
    await baseline.fill('20')
    await page.getByRole('button', { name: 'Save rule' }).click()
    await expect.poll(() => editor.isVisible(), POLL).toBe(false)

    const saved = async () =>
      (await app.core.getSettings()).rules.find((r) => r.name === 'Volume drying up')?.condition
    await expect
      .poll(saved, POLL)
      .toEqual({ kind: 'volume-change', direction: 'down', thresholdPct: 40, baselineDays: 20 })
    const list = page.getByTestId('rule-list')
    await expect
      .poll(() => list.textContent(), POLL)
      .toMatch(/volume drop ≥ 40 % against its 20-day average/)

    // Edited again: the form reads the rule back.
    await page.getByRole('button', { name: 'Edit Volume drying up' }).click()
    await expect.poll(() => editor.isVisible(), POLL).toBe(true)
    expect(await page.getByLabel('Condition', { exact: true }).inputValue()).toBe('volume-change')
    expect(await page.getByLabel('Threshold (%)', { exact: true }).inputValue()).toBe('40')
    expect(await page.getByLabel('Average over (days)', { exact: true }).inputValue()).toBe('20')
    expect(app.pageErrors).toEqual([])
  })
})
