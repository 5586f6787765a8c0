// Settings → Export/Import in the real renderer over the real core (light and dark): Export…
// writes the settings to the file the user picks; Import… of an edited file shows what would
// change (a symbol and a rule), changes nothing until Apply, then the watchlist shows the new
// symbol without a restart; a bad file lists its problems by line and field and changes nothing.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useBrowserApps } from './harness'
import { POLL, symbolsShown, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()
let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lw-browser-config-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** axe-core's serious or critical findings on the page as it is. */
async function serious(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).analyze()
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
}

/** A file the user broke: a bad symbol (line 2), a zero interval (line 3), an unknown field (line 10). */
const BAD = [
  'version: 1',
  'watchlist: [TSLA, "not a symbol!"]',
  'polling: { intervalMinutes: 0, baseUrl: null }',
  'notifications:',
  '  enabled: true',
  '  notifyUnverified: false',
  '  quietHours: { enabled: false, start: "22:00", end: "07:00" }',
  'contactPoints: []',
  'rules: []',
  'colour: blue',
  '',
].join('\n')

describe.each(['light', 'dark'] as const)('Settings → Export/Import (%s)', (scheme) => {
  it('exports, previews an import that adds a symbol and changes a rule, and applies it', async () => {
    const app = await suite.start({
      colorScheme: scheme,
      settings: (s) => ({ ...s, watchlist: ['TSLA', 'NVDA'] }),
    })
    const { page } = app
    await waitForTvl(page, 2)
    await page.getByTestId('nav-settings').click()
    await waitForView(page, 'settings')
    const panel = page.getByTestId('config-file-panel')
    const result = page.getByTestId('config-file-result')

    const exported = join(dir, 'liquidity-watch.yaml')
    app.fileDialog.willChoose(exported)
    await panel.getByRole('button', { name: 'Export…' }).click()
    await expect.poll(() => result.textContent(), POLL).toContain(`Exported to ${exported} (YAML).`)
    const text = readFileSync(exported, 'utf8')
    expect(text).toContain('watchlist:\n  - TSLA\n  - NVDA\n')

    // The team's file: one more symbol, the 7-day drop rule at 25 % instead of 10 %.
    const team = join(dir, 'team.yaml')
    expect(text).toContain('thresholdPct: 10\n')
    writeFileSync(
      team,
      text
        .replace('  - NVDA\n', '  - NVDA\n  - MSFT\n')
        .replace('thresholdPct: 10\n', 'thresholdPct: 25\n'),
    )
    app.fileDialog.willChoose(team)
    await panel.getByRole('button', { name: 'Import…' }).click()
    const preview = page.getByTestId('config-import-preview')
    await expect
      .poll(() => preview.locator('li').allTextContents(), POLL)
      .toEqual(['Symbols added: MSFT', 'Rules changed: default-7d-drop (condition)'])
    expect(await preview.textContent()).toContain(team)
    await preview.scrollIntoViewIfNeeded()
    await app.screenshot(`settings-config-import-preview-${scheme}`)
    expect(await serious(page)).toEqual([])
    // Nothing changed yet.
    expect((await app.core.getSettings()).watchlist).toEqual(['TSLA', 'NVDA'])

    await preview.getByRole('button', { name: 'Apply' }).click()
    await expect
      .poll(() => result.textContent(), POLL)
      .toContain(`Imported ${team}: 1 symbol added, 1 rule changed.`)
    expect(await preview.count()).toBe(0)
    await app.screenshot(`settings-config-imported-${scheme}`)
    const rule = (await app.core.getRules()).find((r) => r.id === 'default-7d-drop')
    expect(rule?.condition).toMatchObject({ thresholdPct: 25 })
    expect(app.bridge.requests('applyConfigImport')).toHaveLength(1)

    // The Alerts view and the watchlist show it, without a restart.
    await page.getByTestId('nav-alerts').click()
    await waitForView(page, 'alerts')
    const row = page.locator('[data-testid="rule-list"] tr[data-rule-id="default-7d-drop"]')
    await expect.poll(() => row.textContent(), POLL).toMatch(/25\s?%/)
    await page.getByTestId('nav-watchlist').click()
    await waitForView(page, 'watchlist')
    await expect.poll(() => symbolsShown(page), POLL).toEqual(['TSLA', 'NVDA', 'MSFT'])
    await waitForTvl(page, 3)
    expect(app.pageErrors).toEqual([])
  })

  it('shows a bad file’s problems by line and field, and changes nothing', async () => {
    const app = await suite.start({ colorScheme: scheme })
    const { page } = app
    const before = await app.core.getSettings()
    await page.getByTestId('nav-settings').click()
    await waitForView(page, 'settings')
    const bad = join(dir, 'broken.yaml')
    writeFileSync(bad, BAD)
    app.fileDialog.willChoose(bad)
    await page.getByTestId('config-file-panel').getByRole('button', { name: 'Import…' }).click()
    const problems = page.getByTestId('config-import-problems')
    await expect.poll(() => problems.locator('li').count(), POLL).toBe(3)
    const lines = await problems.locator('li').allTextContents()
    expect(lines[0]).toMatch(/^line 2, watchlist\[1\]: /)
    expect(lines[1]).toMatch(/^line 3, polling\.intervalMinutes: /)
    expect(lines[2]).toBe(
      'line 10, colour: is not a field Liquidity Watch knows (check its spelling)',
    )
    expect(await problems.textContent()).toContain(
      `${bad} was not imported, and nothing was changed`,
    )
    expect(await problems.getByRole('button', { name: 'Apply' }).count()).toBe(0)
    await problems.scrollIntoViewIfNeeded()
    await app.screenshot(`settings-config-import-problems-${scheme}`)
    expect(await serious(page)).toEqual([])
    expect(await app.core.getSettings()).toEqual(before)
    expect(app.bridge.requests('applyConfigImport')).toEqual([])
    expect(app.pageErrors).toEqual([])
  })
})
