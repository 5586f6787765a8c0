// Chart bench page: the renderer's real Chart.js set-up (registerCharts, timeSeriesOptions built
// from the data as the Analytics view builds them, createChart/applyChart as Chart.svelte calls
// them) against Chart.js defaults (animation and parsing on), timed in Chromium. DOM types are
// declared narrowly.
import {
  Chart,
  type ChartConfiguration,
  type ChartDataset,
  type ChartItem,
  type ChartOptions,
} from 'chart.js'
import { applyChart, createChart } from '../../../src/renderer/src/charts/apply-chart'
import {
  registerCharts,
  seriesColor,
  timeSeriesOptions,
} from '../../../src/renderer/src/charts/chart-setup'
import { fmtMoney } from '../../../src/renderer/src/lib/format'

interface Canvas {
  getContext(
    kind: '2d',
  ): { getImageData(x: number, y: number, w: number, h: number): unknown } | null
  remove(): void
}
interface Doc {
  getElementById(id: string): { appendChild(c: Canvas): void } | null
  createElement(tag: 'canvas'): Canvas
}
declare const document: Doc
declare function requestAnimationFrame(fn: () => void): number

import type { RunResult, Variant } from './result'
export type { RunResult, Variant }

const DAY = 86_400_000
const START = Date.UTC(2024, 0, 1)
// Light-theme tokens from global.css; the colours do not change the work.
const COLORS = {
  text: '#1d2330',
  muted: '#5b6475',
  grid: '#e3e6ec',
  surface: '#ffffff',
  palette: [
    '#2f6fde',
    '#d9480f',
    '#2b8a3e',
    '#ae3ec9',
    '#e8590c',
    '#1098ad',
    '#c2255c',
    '#5c940d',
    '#7048e8',
    '#b08900',
  ],
}

function datasets(series: number, days: number, shift: number): ChartDataset[] {
  return Array.from({ length: series }, (_, s) => {
    const base = 1_000_000 * (1 + (s % 17))
    const data = Array.from({ length: days }, (_, d) => {
      const day = d + shift
      return {
        x: START + day * DAY,
        y: base * (1 + 0.15 * Math.sin((day + s * 7) / 23) + 0.02 * Math.sin(day * 1.7 + s)),
      }
    })
    const color = seriesColor(COLORS, s)
    return {
      label: `SYM${s}`,
      data,
      borderColor: color,
      backgroundColor: color,
      yAxisID: 'y',
    } as ChartDataset
  })
}

/** What the Analytics view builds for these datasets (scale ranges and line width come from them). */
const appOptions = (data: ChartDataset[]): ChartOptions =>
  timeSeriesOptions({ colors: COLORS, yFormat: fmtMoney, data })

/** Chart.js defaults, except the linear x axis the {x, y} data needs and a completion hook. */
function defaultOptions(onComplete: () => void): ChartOptions {
  return {
    maintainAspectRatio: false,
    scales: { x: { type: 'linear' } },
    animation: { onComplete },
  } as ChartOptions
}

const frame = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => r()))

/** Forces the canvas to rasterise what was drawn, so the time includes the pixels. */
function flush(canvas: Canvas): void {
  canvas.getContext('2d')?.getImageData(0, 0, 1, 1)
}

async function once(series: number, days: number, variant: Variant): Promise<RunResult> {
  registerCharts()
  const stage = document.getElementById('stage')
  if (!stage) throw new Error('no #stage')
  const canvas = document.createElement('canvas')
  stage.appendChild(canvas)
  const first = datasets(series, days, 0)
  const next = datasets(series, days, 1)
  let completeAt = 0
  let done: () => void = () => {}
  const completed = new Promise<void>((r) => (done = r))
  const defaults = defaultOptions(() => {
    if (!completeAt) completeAt = performance.now()
    done()
  })
  await frame()

  let t = performance.now()
  let chart: Chart
  if (variant === 'app') {
    // As in the app: Chart.svelte makes the chart at mount, before the data is fetched, with the
    // options built for no data; then the view rebuilds its options for the data and both are applied.
    chart = createChart(canvas as unknown as HTMLCanvasElement, 'line', {
      options: appOptions([]),
      datasets: [],
    })
    applyChart(chart, { options: appOptions(first), datasets: first })
  } else {
    chart = new Chart(
      canvas as unknown as ChartItem,
      { type: 'line', data: { datasets: first }, options: defaults } as ChartConfiguration,
    )
  }
  const firstDrawJsMs = performance.now() - t
  flush(canvas)
  const t0 = t
  const firstDrawMs = performance.now() - t
  let settledMs: number | null = null
  if (variant === 'defaults') {
    await Promise.race([completed, new Promise((r) => setTimeout(r, 5000))])
    settledMs = completeAt ? completeAt - t0 : null
  }
  await frame()

  // New data: the app rebuilds its options for it (scale ranges) and applies both as Chart.svelte
  // does; the defaults chart gets options and datasets replaced, then an animated update.
  t = performance.now()
  if (variant === 'app') applyChart(chart, { options: appOptions(next), datasets: next })
  else {
    chart.options = defaults
    chart.data.datasets = next
    chart.update()
  }
  const redrawJsMs = performance.now() - t
  flush(canvas)
  const redrawMs = performance.now() - t

  chart.destroy()
  canvas.remove()
  return { firstDrawMs, redrawMs, firstDrawJsMs, redrawJsMs, settledMs }
}

async function run(
  series: number,
  days: number,
  variant: Variant,
  runs: number,
): Promise<RunResult[]> {
  await once(Math.min(series, 10), days, variant) // warm the JIT on a small chart
  const out: RunResult[] = []
  for (let i = 0; i < runs; i++) out.push(await once(series, days, variant))
  return out
}

/** A chart held between calls, for CPU-time measurement from outside (CDP thread time). */
let held: { chart: Chart; canvas: Canvas; sets: ChartDataset[][]; turn: number } | null = null

/** Draws a 'series × days' app chart and keeps it for `updates`. */
async function hold(series: number, days: number): Promise<void> {
  release()
  registerCharts()
  const stage = document.getElementById('stage')
  if (!stage) throw new Error('no #stage')
  const canvas = document.createElement('canvas')
  stage.appendChild(canvas)
  const sets = [datasets(series, days, 0), datasets(series, days, 1)]
  const chart = createChart(canvas as unknown as HTMLCanvasElement, 'line', {
    options: appOptions([]),
    datasets: [],
  })
  applyChart(chart, { options: appOptions(sets[0]!), datasets: sets[0]! })
  flush(canvas)
  held = { chart, canvas, sets, turn: 0 }
  await frame()
}

/**
 * `n` updates in place of the held chart as after a poll (options rebuilt for the new data, all
 * series changed: the data alternates between two days' windows), optionally rasterised each time.
 */
function updates(n: number, rasterise: boolean): void {
  if (!held) throw new Error('no chart held')
  for (let i = 0; i < n; i++) {
    const next = held.sets[++held.turn % 2]!
    applyChart(held.chart, { options: appOptions(next), datasets: next })
    if (rasterise) flush(held.canvas)
  }
}

function release(): void {
  held?.chart.destroy()
  held?.canvas.remove()
  held = null
}

;(globalThis as unknown as { __bench: unknown }).__bench = { run, hold, updates, release }
