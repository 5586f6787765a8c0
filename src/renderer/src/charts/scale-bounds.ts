// Scale ranges computed once from the data we hand to Chart.js. With min and max given, Chart.js
// skips its own per-point min/max scan of every dataset on every update (its performance guide:
// "specify min and max for scales"); the y ranges are rounded the way Chart.js would round them.
import type { ChartDataset } from 'chart.js'
import { niceNum } from 'chart.js/helpers'

export interface AxisBounds {
  min: number
  max: number
  /** Tick spacing; set for value axes so the ticks fall where Chart.js would put them. */
  stepSize?: number
}

/** Chart.js's default tick budget for a linear axis (LinearScaleBase.getTickLimit). */
const MAX_TICKS = 11

/** Nice [min, max] and step for values in [lo, hi], as Chart.js's linear tick generator picks them. */
export function niceBounds(lo: number, hi: number): AxisBounds {
  if (lo === hi) {
    // As Chart.js does for a flat series: 5 % either side (1 around zero).
    const pad = Math.abs(lo * 0.05) || 1
    lo -= pad
    hi += pad
  }
  const maxSpaces = MAX_TICKS - 1
  let step = niceNum((hi - lo) / maxSpaces)
  const spaces = Math.ceil(hi / step) - Math.floor(lo / step)
  if (spaces > maxSpaces) step = niceNum((spaces * step) / maxSpaces)
  return { min: Math.floor(lo / step) * step, max: Math.ceil(hi / step) * step, stepSize: step }
}

type Point = { x: number; y: number | null }

/**
 * x: first to last time stamp (the data is sorted); one value axis per yAxisID, from zero where it
 * carries bars (Chart.js's bar default, beginAtZero). Hidden datasets do not count, as in Chart.js.
 * Axes without finite data are left out (Chart.js then decides). Axes named in `fromZero` start
 * at zero too (a count whose changes are small beside its size).
 */
export function timeBounds(
  datasets: readonly ChartDataset[],
  fromZero: readonly string[] = [],
): Record<string, AxisBounds> {
  let xMin = Infinity
  let xMax = -Infinity
  const value = new Map<string, { lo: number; hi: number }>()
  for (const d of datasets) {
    if (d.hidden) continue
    const data = d.data as readonly Point[]
    const first = data[0]
    const last = data[data.length - 1]
    if (!first || !last) continue
    xMin = Math.min(xMin, first.x)
    xMax = Math.max(xMax, last.x)
    const id = ('yAxisID' in d && typeof d.yAxisID === 'string' && d.yAxisID) || 'y'
    const r = value.get(id) ?? { lo: Infinity, hi: -Infinity }
    for (const p of data) {
      const y = p.y
      if (y === null || !Number.isFinite(y)) continue
      if (y < r.lo) r.lo = y
      if (y > r.hi) r.hi = y
    }
    if (d.type === 'bar' || fromZero.includes(id)) {
      r.lo = Math.min(r.lo, 0)
      r.hi = Math.max(r.hi, 0)
    }
    value.set(id, r)
  }
  const out: Record<string, AxisBounds> = {}
  if (xMin <= xMax) out.x = { min: xMin, max: xMax }
  for (const [id, r] of value) if (r.lo <= r.hi) out[id] = niceBounds(r.lo, r.hi)
  return out
}
