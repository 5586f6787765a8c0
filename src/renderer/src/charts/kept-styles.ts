// Keeps each series' resolved line and point styles from one update in place to the next.
// Chart.js 4.6 throws them away on every chart.update() and resolves them again through its option
// proxies: about a third of the update of a 50-series chart. applyChart knows when they cannot
// have changed (same style options, same dataset settings) and forgets them otherwise.
import type { ChartDataset, ChartOptions, Plugin } from 'chart.js'
import equal from 'fast-deep-equal'

/** Chart.js's per-controller cache of resolved element options (internal, 4.x). */
interface StyleCache {
  _cachedDataOpts: Record<string, unknown>
}

/** By the chart's own dataset object: its controller and that controller's resolved styles. */
const kept = new WeakMap<object, { controller: object; cache: StyleCache['_cachedDataOpts'] }>()

/**
 * Chart.js calls configure() on every controller (clearing its cache) before these hooks, per
 * dataset, around its update: the kept styles go back in after the clearing.
 */
export const keepStyles: Plugin = {
  id: 'lwKeepStyles',
  beforeDatasetUpdate(chart, { index, meta }) {
    const dataset = chart.data.datasets[index]
    const entry = dataset && kept.get(dataset)
    if (entry && entry.controller === meta.controller) {
      ;(meta.controller as unknown as StyleCache)._cachedDataOpts = entry.cache
    }
  },
  afterDatasetUpdate(chart, { index, meta }) {
    const dataset = chart.data.datasets[index]
    if (!dataset) return
    const cache = (meta.controller as unknown as StyleCache)._cachedDataOpts
    kept.set(dataset, { controller: meta.controller, cache })
  },
}

/** Next time this dataset is updated its styles are resolved afresh. */
export function forgetStyles(dataset: ChartDataset): void {
  kept.delete(dataset)
}

/**
 * Whether two option objects can resolve different element styles: everything but the scales and
 * plugins (ticks, grid, tooltip), which element styles never read.
 */
export function styleOptionsDiffer(a: ChartOptions, b: ChartOptions): boolean {
  if (a === b) return false
  const { scales: _sa, plugins: _pa, ...restA } = a
  const { scales: _sb, plugins: _pb, ...restB } = b
  return !equal(restA, restB)
}

/** Whether a series' settings other than its points differ (colour, width, dash, hidden …). */
export function datasetStyleDiffers(a: ChartDataset, b: ChartDataset): boolean {
  const { data: _da, ...restA } = a
  const { data: _db, ...restB } = b
  return !equal(restA, restB)
}
