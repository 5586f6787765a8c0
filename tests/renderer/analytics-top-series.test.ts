// Analytics per stock or issuer: the largest series by newest TVL, the rest summed day by day as
// "Others" (a series missing a day adds nothing that day); few series are left as they are.
import { describe, expect, it } from 'vitest'
import { topSeries } from '../../src/renderer/src/views/analytics/analytics-data'

const series = (label: string, tvls: number[]) => ({
  label,
  points: tvls.map((tvl, i) => ({ date: `2026-11-0${i + 1}`, tvl, volume: tvl / 10 })),
})

describe('topSeries', () => {
  it('keeps the n largest by newest TVL and sums the rest as Others', () => {
    const all = [
      series('A', [1, 2]),
      series('B', [50, 5]),
      series('C', [3, 30]),
      series('D', [4, 4]),
      { label: 'E', points: [{ date: '2026-11-02', tvl: 7, volume: 1 }] },
    ]
    const { shown, others } = topSeries(all, 2)
    expect(shown.map((s) => s.label)).toEqual(['C', 'E', 'Others'])
    expect(others).toEqual(['B', 'D', 'A'])
    expect(shown[2]!.points).toEqual([
      { date: '2026-11-01', tvl: 55, volume: 5.5 },
      { date: '2026-11-02', tvl: 11, volume: 1.1 },
    ])
  })

  it('leaves the series as they are when at most one would be summed', () => {
    const all = [series('A', [1]), series('B', [2]), series('C', [3])]
    expect(topSeries(all, 2)).toEqual({ shown: all, others: [] })
  })
})
