// How new data reaches a Chart.js instance: Chart.svelte and the chart bench both go through here.
import { Chart, type ChartDataset, type ChartOptions, type ChartType } from 'chart.js'

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
  })
  applied.set(chart, options)
  return chart
}

/**
 * Hands options (only when they are a new object: re-resolving them is costly) and data to the
 * chart, then updates it without animation. Datasets are written into the chart's own dataset
 * objects, index by index, so Chart.js keeps their controllers and point elements instead of
 * building new ones for every point on every refresh.
 */
export function applyChart(chart: Chart, { options, datasets, labels }: ChartInput): void {
  if (applied.get(chart) !== options) {
    chart.options = options
    applied.set(chart, options)
  }
  chart.data.labels = labels ? [...labels] : []
  const current = chart.data.datasets
  for (let i = 0; i < datasets.length; i++) {
    const next = datasets[i] as ChartDataset
    const own = current[i]
    if (own && own.type === next.type) {
      const target = own as unknown as Record<string, unknown>
      for (const key of Object.keys(target)) if (!(key in next)) delete target[key]
      Object.assign(target, next)
    } else {
      current[i] = { ...next }
    }
  }
  current.length = datasets.length
  chart.update('none')
}
