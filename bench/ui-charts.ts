// Renderer chart benchmark in Chromium: the app's real Chart.js configuration (chart-setup.ts,
// scale-bounds.ts, apply-chart.ts) on 50 × 365 and 200 × 365 series — first draw and the update
// in place after new data (as after a poll), medians — and the same chart on Chart.js defaults
// (animation and parsing on) for the ratio. Figures, no asserts.
import { pathToFileURL } from 'node:url'
import type { Page } from 'playwright-core'
import { launchChromium } from '../tests/browser/harness/chromium'
import { serveDir } from '../tests/browser/harness/static-server'
import { buildBenchPage } from './ui-page-build'
import type { RunResult, Variant } from './pages/ui-charts/result'

const DAYS = 365
const RUNS = 7

interface BenchWindow {
  __bench: {
    run(series: number, days: number, variant: Variant, runs: number): Promise<RunResult[]>
    hold(series: number, days: number): Promise<void>
    updates(n: number, rasterise: boolean): void
    release(): void
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? NaN
}
const r1 = (n: number): number => Math.round(n * 10) / 10
const r2 = (n: number): number => Math.round(n * 100) / 100

/** Updates per CPU-time sample, and samples (median taken). */
const CPU_BATCH = 10
const CPU_SAMPLES = 7

/**
 * CPU time of the page's main thread per update in place (CDP Performance ThreadTime): unlike the
 * wall-clock figures it does not grow while other processes hold the cores.
 */
export async function cpuPerUpdateMs(
  page: Page,
  series: number,
  rasterise: boolean,
): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('Performance.enable')
    const threadMs = async (): Promise<number> => {
      const { metrics } = await cdp.send('Performance.getMetrics')
      const t = metrics.find((m) => m.name === 'ThreadTime')
      if (!t) throw new Error('Chromium reports no ThreadTime metric')
      return t.value * 1000
    }
    await page.evaluate(([s, d]) => (globalThis as unknown as BenchWindow).__bench.hold(s, d), [
      series,
      DAYS,
    ] as const)
    const call = (n: number) =>
      page.evaluate(([k, r]) => (globalThis as unknown as BenchWindow).__bench.updates(k, r), [
        n,
        rasterise,
      ] as const)
    await call(CPU_BATCH) // warm the JIT on this chart
    const samples: number[] = []
    for (let i = 0; i < CPU_SAMPLES; i++) {
      const before = await threadMs()
      await call(CPU_BATCH)
      samples.push(((await threadMs()) - before) / CPU_BATCH)
    }
    await page.evaluate(() => (globalThis as unknown as BenchWindow).__bench.release())
    return median(samples)
  } finally {
    await cdp.detach()
  }
}

export async function benchUiCharts(): Promise<Record<string, number | string>> {
  const bundle = await buildBenchPage('ui-charts')
  const server = await serveDir(bundle.dir)
  const browser = await launchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 500 } })
    await page.goto(server.url)
    await page.waitForFunction(() => '__bench' in globalThis)
    const run = (series: number, variant: Variant, runs = RUNS): Promise<RunResult[]> =>
      page.evaluate(
        ([s, v, n]) => (globalThis as unknown as BenchWindow).__bench.run(s, 365, v, n),
        [series, variant, runs] as const,
      )

    const app50 = await run(50, 'app')
    const app200 = await run(200, 'app', 5)
    const def50 = await run(50, 'defaults', 5)
    const cpu50 = await cpuPerUpdateMs(page, 50, false)
    const cpu50px = await cpuPerUpdateMs(page, 50, true)
    type Key = 'firstDrawMs' | 'redrawMs' | 'firstDrawJsMs' | 'redrawJsMs'
    const m = (rs: RunResult[], k: Key): number => median(rs.map((r) => r[k]))
    const settled = def50.map((r) => r.settledMs).filter((x): x is number => x !== null)
    return {
      days: DAYS,
      runs: RUNS,
      // "to pixels" includes rasterising the canvas (software: this machine has no GPU).
      'app 50×365 first draw to pixels ms': r1(m(app50, 'firstDrawMs')),
      'app 50×365 first draw to pixels ms target': '<= 60',
      'app 50×365 first draw Chart.js only ms': r1(m(app50, 'firstDrawJsMs')),
      'app 50×365 redraw to pixels ms': r1(m(app50, 'redrawMs')),
      'app 50×365 redraw to pixels ms target': '<= 40',
      'app 50×365 redraw Chart.js only ms': r1(m(app50, 'redrawJsMs')),
      // A poll's new data into the chart on screen (applyChart: data written into the chart's own
      // datasets, chart.update('none')), per chart, beside the first draw above (issue 11).
      'app 50×365 update in place after a poll (Chart.js) ms': r1(m(app50, 'redrawJsMs')),
      'app 50×365 update in place after a poll (Chart.js) ms target': '<= 10',
      'app 50×365 update in place after a poll, to pixels ms': r1(m(app50, 'redrawMs')),
      // The same update as main-thread CPU time (median of batches), robust to machine load.
      'app 50×365 update in place after a poll (Chart.js) CPU ms': r2(cpu50),
      'app 50×365 update in place after a poll (Chart.js) CPU ms target': '<= 10',
      'app 50×365 update in place after a poll, to pixels CPU ms': r2(cpu50px),
      'app 200×365 first draw to pixels ms': r1(m(app200, 'firstDrawMs')),
      'app 200×365 first draw to pixels ms target': '<= 120',
      'app 200×365 first draw Chart.js only ms': r1(m(app200, 'firstDrawJsMs')),
      'app 200×365 redraw to pixels ms': r1(m(app200, 'redrawMs')),
      'defaults 50×365 first draw to pixels ms (first frame)': r1(m(def50, 'firstDrawMs')),
      'defaults 50×365 first draw Chart.js only ms': r1(m(def50, 'firstDrawJsMs')),
      'defaults 50×365 until animation done ms': settled.length ? r1(median(settled)) : 'n/a',
      'defaults 50×365 redraw to pixels ms (first frame)': r1(m(def50, 'redrawMs')),
      'first draw ratio defaults/app': r2(m(def50, 'firstDrawMs') / m(app50, 'firstDrawMs')),
      'first draw Chart.js-only ratio defaults/app': r2(
        m(def50, 'firstDrawJsMs') / m(app50, 'firstDrawJsMs'),
      ),
      'redraw ratio defaults/app': r2(m(def50, 'redrawMs') / m(app50, 'redrawMs')),
    }
  } finally {
    await browser.close()
    await server.close()
    await bundle.dispose()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchUiCharts())
}
