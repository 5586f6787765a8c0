// Runtime schemas for the Liquidity Data Service responses (see shared/spec).
// Loose objects: unknown fields are tolerated and kept; pools are kept whole.
import { z } from 'zod'

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

export const amount = z.number().nonnegative()

/**
 * A YYYY-MM-DD string naming a day that exists (2024-02-29 yes, 2025-02-30 no): the one date check
 * of service answers. Digits are read by char code, not Date.parse: this runs once per series
 * point, ~73k times for a year of 200 stocks, where Date.parse tripled the validation cost.
 */
function isCalendarDate(s: string): boolean {
  if (s.length !== 10 || !ISO_DATE.test(s)) return false
  const y =
    (s.charCodeAt(0) - 48) * 1000 +
    (s.charCodeAt(1) - 48) * 100 +
    (s.charCodeAt(2) - 48) * 10 +
    (s.charCodeAt(3) - 48)
  const m = (s.charCodeAt(5) - 48) * 10 + (s.charCodeAt(6) - 48)
  const d = (s.charCodeAt(8) - 48) * 10 + (s.charCodeAt(9) - 48)
  if (m < 1 || m > 12 || d < 1) return false
  if (d <= MONTH_DAYS[m - 1]!) return true
  return m === 2 && d === 29 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)
}

export const isoDate = z
  .string()
  .refine(isCalendarDate, { params: { expected: 'a real date as YYYY-MM-DD' } })

/** Pool fields are unspecified: keep every field exactly as it came. */
export const poolSchema = z.record(z.string(), z.unknown())

export const networkSchema = z.looseObject({
  network: z.string().min(1),
  tvl: amount,
  pools: z.array(poolSchema),
})

export const issuerSchema = z.looseObject({
  name: z.string().min(1),
  tokenSymbol: z.string().min(1),
  totalTvl: amount,
  totalVolume: amount,
  networks: z.array(networkSchema),
})

/** tvlChange's unit is unspecified (fraction or percent): never rely on it alone. */
export const historyEntrySchema = z.looseObject({
  tvl: amount,
  tvlChange: z.number(),
})

export const assetDetailSchema = z.looseObject({
  symbol: z.string().min(1),
  assetType: z.string().min(1),
  totalTvl: amount,
  totalVolume: amount,
  history: z.looseObject({ '7d': historyEntrySchema, '30d': historyEntrySchema }),
  issuers: z.array(issuerSchema),
  marketData: z.looseObject({
    onChainMarketCap: amount,
    tradfiAssetPrice: amount,
  }),
})

export const seriesPointSchema = z.looseObject({ date: isoDate, tvl: amount, volume: amount })
export const totalSeriesPointSchema = seriesPointSchema.extend({
  poolCount: z.number().int().nonnegative(),
})

const days = z.number().int().min(1)

// Series are the bulk of analytics (a year of 200 stocks is 73k points) and zod's per-value
// bookkeeping cost ~3x the JSON.parse itself. Each series is first checked by a plain loop that
// accepts a subset of what the zod schema accepts; only arrays it rejects go through zod, which then
// decides and reports the exact, path-precise issues. Same acceptance, same messages.
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
const isAmount = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v >= 0
const isPoint = (p: unknown): p is Record<string, unknown> =>
  isRecord(p) &&
  typeof p.date === 'string' &&
  isCalendarDate(p.date) &&
  isAmount(p.tvl) &&
  isAmount(p.volume)
const isTotalPoint = (p: unknown): boolean =>
  isPoint(p) && Number.isSafeInteger(p.poolCount) && (p.poolCount as number) >= 0

function seriesOf<T extends z.ZodType>(point: T, fastAccept: (p: unknown) => boolean) {
  const full = z.array(point)
  type Out = z.output<typeof full>
  return z.unknown().transform((value, ctx): Out => {
    if (Array.isArray(value) && value.every(fastAccept)) return value as Out
    const r = full.safeParse(value)
    if (r.success) return r.data
    // The issues as zod found them (kind and path kept), so they read the same as without the fast path.
    for (const issue of r.error.issues)
      ctx.issues.push({ ...issue, input: value } as z.core.$ZodRawIssue)
    return z.NEVER
  })
}
const series = seriesOf(seriesPointSchema, isPoint)
const totalSeries = seriesOf(totalSeriesPointSchema, isTotalPoint)

export const analyticsTotalSchema = z.looseObject({
  groupBy: z.literal('total'),
  days,
  series: totalSeries,
})

export const analyticsStockSchema = z.looseObject({
  groupBy: z.literal('stock'),
  days,
  data: z.array(z.looseObject({ symbol: z.string().min(1), series })),
})

/**
 * groupBy=issuer is unspecified. Accept a `data` array whose entries name the issuer
 * (as `issuer` or `name`) and carry a series; normalise to `{ issuer, series }`.
 */
const issuerEntrySchema = z
  .looseObject({
    issuer: z.string().min(1).optional(),
    name: z.string().min(1).optional(),
    series,
  })
  .refine((e) => e.issuer !== undefined || e.name !== undefined, 'names no issuer')
  .transform(({ issuer, name, series }) => ({ issuer: (issuer ?? name) as string, series }))

export const analyticsIssuerSchema = z.looseObject({
  groupBy: z.literal('issuer'),
  days,
  data: z.array(issuerEntrySchema),
})

export type Pool = z.infer<typeof poolSchema>
export type NetworkEntry = z.infer<typeof networkSchema>
export type IssuerEntry = z.infer<typeof issuerSchema>
export type AssetDetail = z.infer<typeof assetDetailSchema>
export type SeriesPoint = z.infer<typeof seriesPointSchema>
export type TotalSeriesPoint = z.infer<typeof totalSeriesPointSchema>
export type AnalyticsTotal = z.infer<typeof analyticsTotalSchema>
export type AnalyticsStock = z.infer<typeof analyticsStockSchema>
export type AnalyticsIssuer = z.infer<typeof analyticsIssuerSchema>

export const GROUP_BY = ['total', 'stock', 'issuer'] as const
export const ASSET_TYPES = ['stock', 'commodity'] as const
export type GroupBy = (typeof GROUP_BY)[number]
export type AssetType = (typeof ASSET_TYPES)[number]

export interface AnalyticsResponseMap {
  total: AnalyticsTotal
  stock: AnalyticsStock
  issuer: AnalyticsIssuer
}
export type AnalyticsResponse = AnalyticsResponseMap[GroupBy]

export interface AnalyticsQuery {
  groupBy?: GroupBy
  days?: number
  assetType?: AssetType
  symbol?: string
  issuer?: string
}

/**
 * How messages name an analytics request, the one wording everywhere (client errors, sanity
 * refusals, the CLI's failure lines): an asset type's stock analytics are "commodity analytics",
 * and a request for one symbol or issuer names it ("stock analytics for FOO"), so a bare 404 still
 * says what was missing.
 */
export function analyticsLabel(
  q: Pick<AnalyticsQuery, 'groupBy' | 'assetType' | 'symbol' | 'issuer'>,
): string {
  const groupBy = q.groupBy ?? 'total'
  const base =
    groupBy === 'stock' && q.assetType !== undefined
      ? `${q.assetType} analytics`
      : `${groupBy} analytics`
  const of = groupBy === 'stock' ? q.symbol : groupBy === 'issuer' ? q.issuer : undefined
  return of === undefined ? base : `${base} for ${of}`
}
