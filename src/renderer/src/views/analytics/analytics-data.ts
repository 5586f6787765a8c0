// Analytics responses → named series, and the CSV rows of what is shown.
import { OTHERS } from '../../../../shared/asset-shares'
import type { AnalyticsResponse, SeriesPoint } from '../../../../shared/liquidity-schemas'

export interface NamedSeries {
  label: string
  points: (SeriesPoint & { poolCount?: number })[]
}

export function toSeries(resp: AnalyticsResponse): NamedSeries[] {
  switch (resp.groupBy) {
    case 'total':
      return [{ label: 'Total', points: resp.series }]
    case 'stock':
      return resp.data.map((d) => ({ label: d.symbol, points: d.series }))
    case 'issuer':
      return resp.data.map((d) => ({ label: d.issuer, points: d.series }))
  }
}

/** How many series the chart draws by name before it sums the rest as "Others". */
export const TOP_SERIES = 8

/**
 * The `n` largest series by their newest TVL (largest first), then the rest summed day by day as
 * one "Others" series; `others` names what it holds. Unchanged when at most one would be left.
 */
export function topSeries(
  series: readonly NamedSeries[],
  n = TOP_SERIES,
): { shown: NamedSeries[]; others: string[] } {
  if (series.length <= n + 1) return { shown: [...series], others: [] }
  const newest = (s: NamedSeries): number => s.points.at(-1)?.tvl ?? 0
  const ranked = [...series].sort(
    (a, b) => newest(b) - newest(a) || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0),
  )
  const rest = ranked.slice(n)
  const byDate = new Map<string, { tvl: number; volume: number }>()
  for (const s of rest) {
    for (const p of s.points) {
      const sum = byDate.get(p.date) ?? { tvl: 0, volume: 0 }
      sum.tvl += p.tvl
      sum.volume += p.volume
      byDate.set(p.date, sum)
    }
  }
  const points = [...byDate]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, sum]) => ({ date, ...sum }))
  return {
    shown: [...ranked.slice(0, n), { label: OTHERS, points }],
    others: rest.map((s) => s.label),
  }
}

export function csvFor(
  series: NamedSeries[],
  withPools: boolean,
): { header: string[]; rows: unknown[][] } {
  const header = ['series', 'date', 'tvl', 'volume', ...(withPools ? ['poolCount'] : [])]
  const rows: unknown[][] = []
  for (const s of series) {
    for (const p of s.points) {
      rows.push([s.label, p.date, p.tvl, p.volume, ...(withPools ? [p.poolCount ?? null] : [])])
    }
  }
  return { header, rows }
}
