// Runtime schemas for the Liquidity Data Service responses (see shared/spec).
// Loose objects: unknown fields are tolerated and kept; pools are kept whole.
import { z } from 'zod'

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

export const amount = z.number().nonnegative()
export const isoDate = z
  .string()
  .regex(ISO_DATE, 'expected a date as YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'not a calendar date')

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

export const analyticsTotalSchema = z.looseObject({
  groupBy: z.literal('total'),
  days,
  series: z.array(totalSeriesPointSchema),
})

export const analyticsStockSchema = z.looseObject({
  groupBy: z.literal('stock'),
  days,
  data: z.array(z.looseObject({ symbol: z.string().min(1), series: z.array(seriesPointSchema) })),
})

/**
 * groupBy=issuer is unspecified. Accept a `data` array whose entries name the issuer
 * (as `issuer` or `name`) and carry a series; normalise to `{ issuer, series }`.
 */
const issuerEntrySchema = z
  .looseObject({
    issuer: z.string().min(1).optional(),
    name: z.string().min(1).optional(),
    series: z.array(seriesPointSchema),
  })
  .refine((e) => e.issuer !== undefined || e.name !== undefined, 'entry names no issuer')
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
