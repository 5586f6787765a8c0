// Chart bench page: the renderer's real Chart.js set-up (registerCharts + timeSeriesOptions, the
// options the Analytics view uses) against Chart.js defaults (animation and parsing on), timed
// in Chromium. The page is type-checked with the Node config, so DOM types are declared narrowly.
import { Chart, type ChartConfiguration, type ChartDataset, type ChartItem, type ChartOptions } from 'chart.js'
import { registerCharts, seriesColor, timeSeriesOptions } from '../../../src/renderer/src/charts/chart-setup'
import { fmtMoney } from '../../../src/renderer/src/lib/format'

interface Canvas {
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): unknown } | null
  remove(): void
}
interface Doc {
  getElementById(id: string): { appendChild(c: Canvas): void } | null
  createElement(tag: 'canvas'): Canvas
}
declare const document: Doc
declare function requestAnimationFrame(fn: () => void): number

export type Variant = 'app' | 'defaults'
export interface RunResult {
  /** Until the pixels exist (Chart.js work, then the canvas rasterised: getImageData). */
  firstDrawMs: number
  redrawMs: number
  /** Chart.js alone: layout, elements and draw calls recorded, before rasterisation. */
  firstDrawJsMs: number
  redrawJsMs: number
  /** Defaults only: until the first animation completes (Chart.js animates for 1 s). */
  settledMs: number | null
}

const DAY = 86_400_000
const START = Date.UTC(2024, 0, 1)
// Light-theme tokens from global.css; the colours do not change the work.
const COLORS = {
  text: '#1d2330',
  muted: '#5b6475',
  grid: '#e3e6ec',
  surface: '#ffffff',
  palette: ['#2f6fde', '#d9480f', '#2b8a3e', '#ae3ec9', '#e8590c', '#1098ad', '#c2255c', '#5c940d', '#7048e8', '#b08900'],
}

function datasets(series: number, days: number, shift: number): ChartDataset[] {
  return Array.from({ length: series }, (_, s) => {
    const base = 1_000_000 * (1 + (s % 17))
    const data = Array.from({ length: days }, (_, d) => {
      const day = d + shift
      return { x: START + day * DAY, y: base * (1 + 0.15 * Math.sin((day + s * 7) / 23) + 0.02 * Math.sin(day * 1.7 + s)) }
    })
    const color = seriesColor(COLORS, s)
    return { label: `SYM${s}`, data, borderColor: color, backgroundColor: color, yAxisID: 'y' } as ChartDataset
  })
}

function options(variant: Variant, onComplete: () => void): ChartOptions {
  if (variant === 'app') return timeSeriesOptions({ colors: COLORS, yFormat: fmtMoney })
  // Chart.js defaults, except the linear x axis the {x, y} data needs and a completion hook.
  return { maintainAspectRatio: false, scales: { x: { type: 'linear' } }, animation: { onComplete } } as ChartOptions
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
  const opts = options(variant, () => {
    if (!completeAt) completeAt = performance.now()
    done()
  })
  await frame()

  let t = performance.now()
  const config = { type: 'line', data: { datasets: first }, options: opts } as ChartConfiguration
  const chart = new Chart(canvas as unknown as ChartItem, config)
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

  // New data the way Chart.svelte applies it: options and datasets replaced, then update.
  t = performance.now()
  chart.options = opts
  chart.data.datasets = next
  if (variant === 'app') chart.update('none')
  else chart.update()
  const redrawJsMs = performance.now() - t
  flush(canvas)
  const redrawMs = performance.now() - t

  chart.destroy()
  canvas.remove()
  return { firstDrawMs, redrawMs, firstDrawJsMs, redrawJsMs, settledMs }
}

async function run(series: number, days: number, variant: Variant, runs: number): Promise<RunResult[]> {
  await once(Math.min(series, 10), days, variant) // warm the JIT on a small chart
  const out: RunResult[] = []
  for (let i = 0; i < runs; i++) out.push(await once(series, days, variant))
  return out
}

;(globalThis as unknown as { __bench: unknown }).__bench = { run }
