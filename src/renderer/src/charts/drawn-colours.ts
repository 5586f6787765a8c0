// What colour each series of a chart is drawn in, by name: written on the canvas (Chart.svelte) so
// tests can see that one issuer keeps one colour across charts.
import type { ChartDataset, ChartType } from 'chart.js'

/** Series name → colour: lines by their line colour, bars by their fill, a doughnut per label. */
export function seriesColours(
  type: ChartType,
  datasets: readonly ChartDataset[],
  labels: readonly string[] | undefined,
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const d of datasets) {
    const fill = d.backgroundColor
    if (Array.isArray(fill)) {
      fill.forEach((c, i) => {
        const name = labels?.[i]
        if (name !== undefined && typeof c === 'string') out[name] = c
      })
      continue
    }
    const line = (d.type ?? type) === 'line' ? d.borderColor : undefined
    const colour = typeof line === 'string' ? line : fill
    if (d.label !== undefined && typeof colour === 'string') out[d.label] = colour
  }
  return out
}
