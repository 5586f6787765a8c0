// Analytics responses → named series, and the CSV rows of what is shown.
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
