// The issuer and network shares-over-time charts: stacked areas of TVL, or of shares to 100 %.
// Datasets and options built here from the engine's ShareHistory; Chart.svelte feeds them to one
// Chart.js line chart in place, so switching view or a poll's new point redraws the same chart.
import type { ChartDataset, ChartOptions, Scale } from 'chart.js'
import type { ShareHistory } from '../../../../shared/asset-shares'
import { timeSeriesOptions } from '../../charts/chart-setup'
import { niceBounds } from '../../charts/scale-bounds'
import {
  fmtClock,
  fmtDateTime,
  fmtMoney,
  fmtMoneyAxis,
  fmtPctTick,
  fmtShare,
  fmtShortDate,
} from '../../lib/format'
import type { ChartColors } from '../../state/theme.svelte'
import type { CsvTable } from '../../lib/download'

/** Stacked: absolute TVL stacked; share: each part's share of the sum, stacked to 100 %. */
export type ShareMode = 'stacked' | 'share'

/** `colourOf`: each part's colour by name (charts/series-colours.ts), "Others" muted. */
export function shareDatasets(
  h: ShareHistory,
  mode: ShareMode,
  colourOf: (name: string) => string,
): ChartDataset[] {
  return h.parts.map((p, i) => {
    const color = colourOf(p.name)
    const ys = mode === 'share' ? p.share.map((s) => s * 100) : p.tvl
    return {
      type: 'line',
      label: p.name,
      borderColor: color,
      backgroundColor: `${color}99`,
      borderWidth: 1,
      // Each area fills down to the one below it: stacked areas.
      fill: i === 0 ? 'origin' : '-1',
      data: h.at.map((x, t) => ({ x, y: ys[t]! })),
    }
  }) as ChartDataset[]
}

const pct = (v: number): string => fmtShare(v / 100)
const HOUR = 3_600_000

export function shareChartOptions(h: ShareHistory, mode: ShareMode, c: ChartColors): ChartOptions {
  const totals = h.at.map((_, t) => h.parts.reduce((s, p) => s + p.tvl[t]!, 0))
  // Bounds of the stack (not of any one part): the sums, from zero.
  const y =
    mode === 'share' ? { min: 0, max: 100, stepSize: 20 } : niceBounds(0, Math.max(...totals, 0))
  const options = timeSeriesOptions({
    colors: c,
    yFormat: mode === 'share' ? pct : fmtMoney,
    yTickFormat: mode === 'share' ? fmtPctTick : fmtMoneyAxis,
    data: [{ type: 'line', fill: true, data: h.at.map((x) => ({ x, y: 0 })) }] as ChartDataset[],
  }) as ChartOptions<'line'>
  const span = (h.at.at(-1) ?? 0) - (h.at[0] ?? 0)
  const when = (ms: number): string => fmtDateTime(new Date(ms).toISOString())
  const scales = options.scales!
  const yScale = scales.y as { ticks: object }
  scales.y = {
    ...yScale,
    stacked: true,
    min: y.min,
    max: y.max,
    // Every tick measured for width (at most 11): a sample may miss the widest, "100 %".
    ticks: { ...yScale.ticks, stepSize: y.stepSize, sampleSize: 11 },
  } as typeof scales.y
  const x = scales.x as { ticks: { callback: (this: Scale, v: number | string) => string } }
  // Polls within two days: times on the axis, not the same date repeated.
  x.ticks.callback = (v) => (span < 48 * HOUR ? fmtClock : fmtShortDate)(Number(v))
  const tooltip = options.plugins!.tooltip!
  tooltip.callbacks = { ...tooltip.callbacks, title: (items) => when(items[0]?.parsed.x ?? 0) }
  return options as ChartOptions
}

/** Every snapshot × part: time, name, TVL and share of the sum then (0 to 1). */
export function sharesCsv(h: ShareHistory, by: 'issuer' | 'network'): CsvTable {
  const rows: unknown[][] = []
  h.at.forEach((at, t) => {
    const iso = new Date(at).toISOString()
    for (const p of h.parts) rows.push([iso, p.name, p.tvl[t], p.share[t]])
  })
  return { header: ['at', by, 'tvl', 'share'], rows }
}
