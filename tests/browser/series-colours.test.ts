// One colour per issuer and per network across the asset view: the split charts (stacked bar and
// doughnut), their tables' swatches, and the charts over time with their legends all draw a name
// in the same colour, in light and in dark, and no two names of one chart share a colour.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useBrowserApps, type App } from './harness'
import { POLL, refresh, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

type Colours = Record<string, string>

// Page scripts as strings: this file is type-checked without the DOM library. Colours are
// normalised by a canvas (hex for opaque colours), so CSS rgb() and Chart.js hex compare.
const NORMALISE = `const ctx = document.createElement('canvas').getContext('2d');
  const norm = (c) => { ctx.fillStyle = '#000'; ctx.fillStyle = c; return ctx.fillStyle; };`

/** What the chart's canvas says each series was drawn in (Chart.svelte's data-series-colours). */
function chartColours(page: Page, testid: string): Promise<Colours> {
  return page.evaluate(`(() => { ${NORMALISE}
    const c = document.querySelector('[data-testid=${JSON.stringify(testid)}]');
    const drawn = JSON.parse(c?.dataset.seriesColours ?? '{}');
    return Object.fromEntries(Object.entries(drawn).map(([k, v]) => [k, norm(v)]));
  })()`)
}

/** Swatch colours of table or legend rows, by the row's name attribute. */
function swatchColours(page: Page, rows: string, attr: string): Promise<Colours> {
  return page.evaluate(`(() => { ${NORMALISE}
    return Object.fromEntries([...document.querySelectorAll(${JSON.stringify(rows)})].map((r) => [
      r.getAttribute(${JSON.stringify(attr)}),
      norm(getComputedStyle(r.querySelector('.swatch')).backgroundColor),
    ]));
  })()`)
}

async function splitColours(page: Page, panel: string, chart: string): Promise<Colours[]> {
  const p = page.getByTestId(panel)
  const bar = await chartColours(page, chart)
  await p.getByRole('button', { name: 'Doughnut' }).click()
  await expect
    .poll(() => page.getByTestId(chart).getAttribute('data-chart-type'), POLL)
    .toBe('doughnut')
  const doughnut = await chartColours(page, chart)
  await p.getByRole('button', { name: 'Stacked bar' }).click()
  await expect.poll(() => page.getByTestId(chart).getAttribute('data-chart-type'), POLL).toBe('bar')
  return [bar, doughnut]
}

/** Every surface of the asset view that colours `by`, each as name → colour. */
async function surfaces(app: App, by: 'issuer' | 'network'): Promise<Record<string, Colours>> {
  const { page } = app
  const splitChart = by === 'issuer' ? 'issuer-chart' : 'network-chart'
  const [bar, doughnut] = await splitColours(page, `${by}-split`, splitChart)
  const table =
    by === 'issuer'
      ? await swatchColours(page, 'tr[data-issuer]', 'data-issuer')
      : await swatchColours(page, '[data-testid="network-table"] tr[data-network]', 'data-network')
  const over = await chartColours(page, `${by}-shares-chart`)
  const legend = await swatchColours(page, `[data-testid="${by}-shares-legend"] li`, 'data-part')
  delete over.Others
  delete legend.Others
  return {
    [`${by} split (bar)`]: bar!,
    [`${by} split (doughnut)`]: doughnut!,
    [`${by} table`]: table,
    [`${by}s over time`]: over,
    [`${by}s over time legend`]: legend,
  }
}

/** Each name has one colour on every surface that shows it; one chart's names differ in colour. */
function expectOneColourPerName(all: Record<string, Colours>): Colours {
  const one: Colours = {}
  const where: Record<string, string[]> = {}
  for (const [surface, colours] of Object.entries(all)) {
    expect(Object.keys(colours).length, `${surface} shows names`).toBeGreaterThan(0)
    const values = Object.values(colours)
    expect(new Set(values).size, `${surface}: two names share a colour`).toBe(values.length)
    for (const [name, colour] of Object.entries(colours)) {
      one[name] ??= colour
      ;(where[name] ??= []).push(`${surface}: ${colour}`)
    }
  }
  for (const [name, seen] of Object.entries(where)) {
    expect(new Set(seen.map((s) => s.split(': ')[1])).size, `${name}: ${seen.join(', ')}`).toBe(1)
  }
  return one
}

async function openAsset(app: App, symbol: string): Promise<void> {
  await app.page.getByTestId('nav-watchlist').click()
  await waitForTvl(app.page, 4)
  await app.page.locator(`tr[data-symbol="${symbol}"]`).click()
  await waitForView(app.page, 'asset')
  for (const by of ['issuer', 'network']) {
    await expect
      .poll(() => app.page.getByTestId(`${by}-shares-chart`).getAttribute('data-point-count'), POLL)
      .toMatch(/^[1-9]\d*$/)
  }
}

describe('issuer and network colours', () => {
  it("one colour per issuer and per network across the asset view's charts and tables, light and dark", async () => {
    const app = await suite.start({ colorScheme: 'light', viewport: { width: 1280, height: 1600 } })
    const { page } = app
    await waitForTvl(page, 4)
    // A few polls of the app's own history, so the charts over time draw.
    for (let i = 0; i < 3; i++) await refresh(app)

    const seen: Record<string, Colours> = {}
    for (const symbol of ['TSLA', 'GOLD']) {
      await openAsset(app, symbol)
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        if (scheme === 'dark') {
          // Redrawn in the dark palette: the split chart's colours change.
          await expect
            .poll(() => chartColours(page, 'issuer-chart'), POLL)
            .not.toEqual(seen[`${symbol} issuer light`])
        }
        for (const by of ['issuer', 'network'] as const) {
          const all = await surfaces(app, by)
          seen[`${symbol} ${by} ${scheme}`] = expectOneColourPerName(all)
        }
        await page.getByTestId('share-histories').scrollIntoViewIfNeeded()
        await page.waitForTimeout(100) // one frame for the last draw to reach the compositor
        await app.screenshot(`series-colours-${symbol}-${scheme}`)
      }
      await page.emulateMedia({ colorScheme: 'light' })
    }
    // The cases: TSLA's Swarm and GOLD's Kinesis are on every surface, one colour each.
    expect(Object.keys(seen['TSLA issuer light']!)).toContain('Swarm')
    expect(Object.keys(seen['GOLD issuer light']!)).toContain('Kinesis')
    expect(seen['TSLA issuer dark']!.Swarm).not.toBe(seen['TSLA issuer light']!.Swarm)
    expect(app.pageErrors).toEqual([])
  })

  it('an issuer that left keeps every other issuer its colour in the split beside the history that still has it', async () => {
    const app = await suite.start({ colorScheme: 'light', viewport: { width: 1280, height: 1600 } })
    await waitForTvl(app.page, 4)
    for (let i = 0; i < 2; i++) await refresh(app)
    // GOLD's Kinesis leaves: the split shows Tether, Paxos and Matrixdock; the history still
    // has Kinesis (a colour set of four names beside one of three).
    app.service()!.scenarios.add({ kind: 'issuer-missing', symbol: 'GOLD', issuer: 'Kinesis' })
    for (let i = 0; i < 2; i++) await refresh(app)
    await openAsset(app, 'GOLD')
    const all = await surfaces(app, 'issuer')
    expect(Object.keys(all['issuer split (bar)']!)).not.toContain('Kinesis')
    expect(Object.keys(all['issuers over time']!)).toContain('Kinesis')
    expectOneColourPerName(all)
    expect(app.pageErrors).toEqual([])
  })
})
