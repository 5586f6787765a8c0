// How new data reaches a Chart.js instance: Chart.svelte and the chart bench both go through here.
import { Chart, type ChartDataset, type ChartOptions, type ChartType } from 'chart.js'
import { datasetStyleDiffers, forgetStyles, keepStyles, styleOptionsDiffer } from './kept-styles'

// The options object last handed to each chart (chart.options is Chart.js's resolver, not ours).
const applied = new WeakMap<Chart, ChartOptions>()

export interface ChartInput {
  options: ChartOptions
  datasets: readonly ChartDataset[]
  labels?: readonly string[]
}

/** A chart drawn with its first data at once: no empty first layout and render to throw away. */
export function createChart(
  canvas: HTMLCanvasElement,
  type: ChartType,
  { options, datasets, labels }: ChartInput,
): Chart {
  const chart = new Chart(canvas, {
    type,
    // Copies: later data is written into these (applyChart), never into the caller's objects.
    data: { labels: labels ? [...labels] : [], datasets: datasets.map((d) => ({ ...d })) },
    options,
    plugins: [keepStyles],
  })
  applied.set(chart, options)
  return chart
}

/**
 * Hands options (only when they are a new object: re-resolving them is costly) and data to the
 * chart, then updates it without animation. Datasets are written into the chart's own dataset
 * objects, index by index, so Chart.js keeps their controllers and point elements instead of
 * building new ones for every point on every refresh. A series keeps its resolved styles
 * (kept-styles.ts) unless the style options or its own settings changed.
 */
export function applyChart(chart: Chart, { options, datasets, labels }: ChartInput): void {
  const before = applied.get(chart)
  const restyled = !before || styleOptionsDiffer(before, options)
  if (before !== options) {
    chart.options = options
    applied.set(chart, options)
  }
  chart.data.labels = labels ? [...labels] : []
  const current = chart.data.datasets
  for (let i = 0; i < datasets.length; i++) {
    const next = datasets[i] as ChartDataset
    const own = current[i]
    if (own && own.type === next.type) {
      if (restyled || datasetStyleDiffers(own, next)) forgetStyles(own)
      const target = own as unknown as Record<string, unknown>
      for (const key of Object.keys(target)) if (!(key in next)) delete target[key]
      // An unchanged series keeps the array Chart.js already knows: a new array makes it drop
      // and re-take its hooks on the array and its parsed points for that series.
      const data = sameData(own.data, next.data) ? own.data : next.data
      Object.assign(target, next, { data })
    } else {
      current[i] = { ...next }
    }
  }
  current.length = datasets.length
  chart.update('none')
}

type Datum = ChartDataset['data'][number]

/** Same points, by value: {x, y} points by x and y, plain numbers by value (what the charts hand). */
function sameData(a: readonly Datum[], b: readonly Datum[]): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) {
    const p = a[i]
    const q = b[i]
    if (p === q) continue
    if (typeof p !== 'object' || typeof q !== 'object' || p === null || q === null) return false
    const u = p as { x?: unknown; y?: unknown }
    const v = q as { x?: unknown; y?: unknown }
    if (u.x !== v.x || u.y !== v.y) return false
  }
  return true
}
