// "Test on last year" in the rule editor, through the real preload, handler table and core, over
// the embedded service's known-drops year: the sentence names TSLA's three would-be alerts and the
// flat symbols, the chart shades them, one symbol at a time; busy and error states in words.
import { describe, expect, it } from 'vitest'
import type { BacktestView } from '../../src/shared/backtest'
import { knownYearEpisodes, scriptKnownYear } from '../service/known-year'
import { csvRows, expectPng, exportFile } from './export-helpers'
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

/** The episode table's rows as text: symbol, start, end, days, worst. */
function episodeRows(app: App): Promise<string[][]> {
  return app.page
    .locator('[data-testid="backtest-episodes"] tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => [...r.children].map((c) => (c.textContent ?? '').trim())),
    )
}

describe('Test on last year', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`shows when the rule would have fired, with the episodes shaded (${colorScheme})`, async () => {
      const app = await suite.start({ colorScheme, viewport: { width: 1100, height: 1300 } })
      const { page } = app
      await openDefaultRule(app)
      const [a, b, c] = knownYearEpisodes(Date.now())
      // One short line, then the episodes in a table (start, end, days, worst).
      expect(await runTest(app)).toBe(
        'Would have fired 3 times on TSLA, never on NVDA, AAPL and GOLD.',
      )
      expect(await episodeRows(app)).toEqual([
        ['TSLA', a!.start, a!.end, '6', '−30.0 %'],
        ['TSLA', b!.start, b!.end, '2', '−18.0 %'],
        ['TSLA', c!.start, 'still open', '2', '−25.0 %'],
      ])
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
    expect(await runTest(app)).toMatch(/^Would have fired once on TSLA, never on /)
    expect(await episodeRows(app)).toHaveLength(1)
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

  it('exports the tested series with the would-be alert days (CSV) and the chart (PNG)', async () => {
    const app = await suite.start({ viewport: { width: 1100, height: 1300 } })
    const { page } = app
    await openDefaultRule(app)
    await runTest(app)
    const r = app.bridge.requests('backtestRule').at(-1)!
    if (!r.result.ok) throw new Error('the backtest failed')
    const view = r.result.value as BacktestView
    const charted = view.results.filter((x) => x.tested && view.series[x.symbol])

    const rows = csvRows(await exportFile(page, 'backtest chart', 'CSV'))
    expect(rows[0]).toEqual(['symbol', 'date', 'tvl', 'firing'])
    // Every tested symbol's every day, not only the one charted.
    const want = charted.flatMap((x) => view.series[x.symbol]!.map((p) => [x.symbol, p] as const))
    expect(rows.slice(1)).toHaveLength(want.length)
    rows.slice(1).forEach((row, i) => {
      const [symbol, p] = want[i]!
      expect([row[0], row[1], Number(row[2])]).toEqual([symbol, p.date, p.tvl])
      expect(['0', '1']).toContain(row[3])
    })
    // The firing days are TSLA's three episodes: runs from each start to the day before its end,
    // the last still open at the series' end; the flat symbols never fire.
    const firing = (symbol: string): string[] =>
      rows.filter((x) => x[0] === symbol && x[3] === '1').map((x) => x[1]!)
    const tsla = firing('TSLA')
    const runs = tsla.filter(
      (d, i) => i === 0 || Date.parse(d) - Date.parse(tsla[i - 1]!) > 86_400_000,
    )
    const episodes = charted.find((x) => x.symbol === 'TSLA')!.episodes
    expect(runs).toEqual(episodes.map((e) => e.start))
    expect(tsla.at(-1)).toBe(view.series.TSLA!.at(-1)!.date)
    for (const e of episodes.filter((x) => x.end !== null)) expect(tsla).not.toContain(e.end)
    for (const symbol of ['NVDA', 'AAPL', 'GOLD']) expect(firing(symbol)).toEqual([])

    await expectPng(app, await exportFile(page, 'backtest chart', 'PNG'))
    expect(app.pageErrors).toEqual([])
  })

  it('tests a rule that has no name yet', async () => {
    const app = await suite.start()
    const { page } = app
    await openDefaultRule(app)
    await page.locator('#rule-name').fill('')
    expect(await runTest(app)).toMatch(/^Would have fired 3 times on TSLA/)
    expect(await page.getByTestId('backtest-error').count()).toBe(0)
    // Main still validates what it was sent: the rule went through its schema with an empty name.
    const sent = app.bridge.requests('backtestRule').at(-1)!
    expect((sent.args[0] as { name: string }).name).toBe('')
    expect(app.pageErrors).toEqual([])
  })

  it('marks a result outdated once the condition changes, until tested again', async () => {
    const app = await suite.start()
    const { page } = app
    await openDefaultRule(app)
    await runTest(app)
    const outdated = page.getByTestId('backtest-outdated')
    expect(await outdated.count()).toBe(0)
    await page.locator('#rule-threshold').fill('28')
    await expect.poll(() => outdated.isVisible(), POLL).toBe(true)
    expect(await outdated.textContent()).toMatch(/changed since this test/)
    expect(await page.getByTestId('backtest-result').getAttribute('data-outdated')).toBe('true')
    // The name is not part of what is tested: renaming does not make a result outdated.
    await page.locator('#rule-threshold').fill('10')
    await expect.poll(() => outdated.count(), POLL).toBe(0)
    await page.locator('#rule-name').fill('Renamed')
    expect(await outdated.count()).toBe(0)
    await page.locator('#rule-threshold').fill('28')
    await expect.poll(() => outdated.count(), POLL).toBe(1)
    expect(await runTest(app)).toMatch(/^Would have fired once on TSLA/)
    await expect.poll(() => outdated.count(), POLL).toBe(0)
    expect(await page.getByTestId('backtest-result').getAttribute('data-outdated')).toBe('false')
  })

  it('many episodes: a one-line summary, then a table of them that scrolls', async () => {
    const app = await suite.start({ viewport: { width: 1100, height: 900 } })
    const { page } = app
    await openDefaultRule(app)
    // 38 sharp dips of TSLA over the year, each confirmed the next day.
    const DAY = 86_400_000
    const midnight = Math.floor(Date.now() / DAY) * DAY
    app.service()!.scenarios.add({
      kind: 'known-drops',
      symbol: 'TSLA',
      drops: Array.from({ length: 38 }, (_, i) => ({
        pct: 30,
        endsAt: midnight - (10 + 9 * i) * DAY,
        windowDays: 1,
        recoverDays: 3,
      })),
    })
    const summary = await runTest(app)
    expect(summary).toMatch(/^Would have fired \d+ times on TSLA, never on NVDA, AAPL and GOLD\.$/)
    const rows = await episodeRows(app)
    expect(rows.length).toBe(Number(/fired (\d+) times/.exec(summary)![1]))
    expect(rows.length).toBeGreaterThan(30)
    // The table scrolls inside its own box: the panel does not grow by a row per episode.
    const box = page.getByTestId('backtest-episodes')
    const size = await box.evaluate((el) => ({ client: el.clientHeight, scroll: el.scrollHeight }))
    expect(size.scroll).toBeGreaterThan(size.client)
    expect(size.client).toBeLessThan(400)
    expect(app.pageErrors).toEqual([])
  })
})
