// The analytics series fast path (src/shared/liquidity-schemas.ts) must accept exactly what the
// plain zod point schemas accept, and report the same issues when it does not. (The sanity bounds
// that parseAnalytics adds on top, such as ascending dates, are tested in response-sanity tests.)
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import {
  analyticsStockSchema,
  analyticsTotalSchema,
  seriesPointSchema,
  totalSeriesPointSchema,
} from '../../src/shared/liquidity-schemas'
import { parseAnalytics } from '../../src/shared/parse'

const good = { date: '2024-02-29', tvl: 0, volume: 12.5, poolCount: 3 }
const mutations: Array<Record<string, unknown>> = [
  {},
  { date: '2024-13-01' },
  { date: '2024-00-10' },
  { date: '2024-02-31' },
  { date: '2023-02-29' },
  { date: '2024-01-32' },
  { date: '2024-1-01' },
  { date: '20240101' },
  { date: 20240101 },
  { tvl: -0.01 },
  { tvl: -0 },
  { tvl: '5' },
  { volume: null },
  { volume: undefined },
  { poolCount: 1.5 },
  { poolCount: -1 },
  { poolCount: 2 ** 60 },
  { extra: { kept: true } },
]

function zodAccepts(schema: z.ZodType, points: unknown[]): boolean {
  return z.array(schema).safeParse(points).success
}

function clientAccepts(groupBy: 'stock' | 'total', points: unknown[]): boolean {
  const body =
    groupBy === 'stock'
      ? { groupBy, days: 2, data: [{ symbol: 'A', series: points }] }
      : { groupBy, days: 2, series: points }
  const schema = groupBy === 'stock' ? analyticsStockSchema : analyticsTotalSchema
  return schema.safeParse(body).success
}

describe('series validation fast path', () => {
  it.each(mutations)('stock series with %j: same verdict as zod', (m) => {
    const points = [good, { ...good, ...m }]
    expect(clientAccepts('stock', points)).toBe(zodAccepts(seriesPointSchema, points))
  })

  it.each(mutations)('total series with %j: same verdict as zod', (m) => {
    const points = [good, { ...good, ...m }]
    expect(clientAccepts('total', points)).toBe(zodAccepts(totalSeriesPointSchema, points))
  })

  it.each([
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['2024-12-31', true],
    ['2024-02-30', false],
    ['2023-02-29', false],
    ['1900-02-29', false],
    ['2024-04-31', false],
    ['2024-13-01', false],
  ])('a point dated %s is accepted only if that day exists: %s', (date, real) => {
    const point = { ...good, date }
    expect(zodAccepts(seriesPointSchema, [point])).toBe(real)
    expect(clientAccepts('stock', [point])).toBe(real)
    expect(clientAccepts('total', [point])).toBe(real)
  })

  it('reports the exact path of a bad point deep in a long series', () => {
    const series = Array.from({ length: 365 }, () => ({ ...good }))
    series[200] = { ...good, date: '2024-02-30x' }
    const body = {
      groupBy: 'stock',
      days: 365,
      data: [
        { symbol: 'A', series },
        { symbol: 'B', series: 'no' },
      ],
    }
    expect(() => parseAnalytics('stock', body)).toThrow(
      /data\.0\.series\.200\.date should be a real date as YYYY-MM-DD but is text \("2024-02-30x"\).*data\.1\.series should be a list but is text \("no"\)/,
    )
  })

  it('keeps unknown fields of points', () => {
    const r = parseAnalytics('total', {
      groupBy: 'total',
      days: 1,
      series: [{ ...good, note: 'x' }],
    })
    expect(r.series[0]).toEqual({ ...good, note: 'x' })
  })
})
