// "Test on last year" in the rule editor, through the real preload, handler table and core, over
// the embedded service's known-drops year: the sentence names TSLA's three would-be alerts and the
// flat symbols, the chart shades them, one symbol at a time; busy and error states in words.
import { describe, expect, it } from 'vitest'
import { knownYearEpisodes, scriptKnownYear } from '../service/known-year'
import { useBrowserApps, type App } from './harness'
import { POLL, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

async function openDefaultRule(app: App): Promise<void> {
  const { page } = app
  await waitForTvl(page, 4)
  const svc = app.service()!
  scriptKnownYear(svc, Date.now())
  // The rest of the default watchlist flat too, so the whole sentence is known.
  for (const symbol of ['AAPL', 'GOLD'])
    svc.scenarios.add({ kind: 'known-drops', symbol, drops: [] })
  await page.getByTestId('nav-alerts').click()
  await waitForView(page, 'alerts')
  await page.getByRole('button', { name: /^Edit 7-day TVL drop/ }).click()
  await expect.poll(() => page.getByTestId('rule-editor').isVisible(), POLL).toBe(true)
}

async function runTest(app: App): Promise<string> {
  const { page } = app
  await page.getByTestId('backtest-run').click()
  const summary = page.getByTestId('backtest-summary')
  await expect.poll(() => summary.isVisible(), POLL).toBe(true)
  return (await summary.textContent())!.trim()
}

describe('Test on last year', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`shows when the rule would have fired, with the episodes shaded (${colorScheme})`, async () => {
      const app = await suite.start({ colorScheme, viewport: { width: 1100, height: 1300 } })
      const { page } = app
      await openDefaultRule(app)
      const [a, b, c] = knownYearEpisodes(Date.now())
      expect(await runTest(app)).toBe(
        `Would have fired 3 times on TSLA (${a!.start} – ${a!.end}, ${b!.start} – ${b!.end}, ${c!.start} – still open), never on NVDA, AAPL and GOLD.`,
      )
      // The rule as edited went to main (the unsaved form, not the stored rule).
      expect(app.bridge.requests('backtestRule')).toHaveLength(1)
      const chart = page.getByTestId('backtest-chart')
      await expect.poll(() => chart.getAttribute('data-symbol'), POLL).toBe('TSLA')
      expect(await chart.getAttribute('data-span-count')).toBe('3')
      expect(await chart.getAttribute('data-point-count')).toBe('365')
      expect(
        await page.locator('[data-testid="backtest"] [role="img"]').getAttribute('aria-label'),
      ).toBe('TSLA daily TVL over the tested days, 3 would-be alerts shaded')
      await page.getByTestId('rule-editor').screenshot({
        path: `test-results/screenshots/backtest-${colorScheme}.png`,
        animations: 'disabled',
      })
      // Another symbol's chart: nothing shaded.
      await page.getByTestId('backtest-symbol').selectOption('NVDA')
      await expect.poll(() => chart.getAttribute('data-symbol'), POLL).toBe('NVDA')
      expect(await chart.getAttribute('data-span-count')).toBe('0')
      expect(app.pageErrors).toEqual([])
    })
  }

  it('an edited threshold is what is tested; busy and error states say so in words', async () => {
    const app = await suite.start()
    const { page } = app
    await openDefaultRule(app)
    await page.locator('#rule-threshold').fill('28')
    expect(await runTest(app)).toMatch(/^Would have fired once on TSLA \(/)
    // Busy: the service answers slowly.
    const svc = app.service()!
    svc.faults.inject({ kind: 'latency', ms: 1500, match: 'analytics' })
    await page.getByTestId('backtest-run').click()
    await expect.poll(() => page.getByTestId('backtest-run').textContent(), POLL).toBe('Testing…')
    expect(await page.locator('[data-testid="backtest"] [role="status"]').textContent()).toMatch(
      /Running the rule over the last 365 days/,
    )
    await expect.poll(() => page.getByTestId('backtest-summary').isVisible(), POLL).toBe(true)
    svc.faults.clear()
    // The service unreachable: a plain error instead of a result.
    await app.closeService()
    await page.getByTestId('backtest-run').click()
    const err = page.getByTestId('backtest-error')
    await expect.poll(() => err.isVisible(), POLL).toBe(true)
    expect(await err.textContent()).toMatch(/^Could not test the rule: /)
    expect(await page.getByTestId('backtest-summary').count()).toBe(0)
  })
})
