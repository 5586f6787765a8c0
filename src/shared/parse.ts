// Turns untrusted JSON into typed service records, or a LiquidityError the user can read.
import type { z } from 'zod'
import { LiquidityError } from './errors'
import {
  analyticsIssuerSchema,
  analyticsStockSchema,
  analyticsTotalSchema,
  assetDetailSchema,
  type AnalyticsResponseMap,
  type AssetDetail,
  type GroupBy,
} from './liquidity-schemas'

function describe(issues: z.core.$ZodIssue[]): string {
  const first = issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
  const more = issues.length > 3 ? ` (+${issues.length - 3} more)` : ''
  return first.join('; ') + more
}

function parseWith<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value)
  if (r.success) return r.data
  throw new LiquidityError(
    'invalid-response',
    `The service sent ${what} we could not trust: ${describe(r.error.issues)}`,
  )
}

export function parseAssetDetail(value: unknown): AssetDetail {
  return parseWith(assetDetailSchema, value, 'asset data')
}

const analyticsSchemas = {
  total: analyticsTotalSchema,
  stock: analyticsStockSchema,
  issuer: analyticsIssuerSchema,
} as const

export function parseAnalytics<G extends GroupBy>(
  groupBy: G,
  value: unknown,
): AnalyticsResponseMap[G] {
  if (groupBy === 'issuer') {
    const v = value as { data?: unknown } | null
    if (typeof value !== 'object' || value === null || !Array.isArray(v?.data)) {
      throw new LiquidityError(
        'invalid-response',
        'The service answered groupBy=issuer in an unsupported response shape (expected a data array of issuers with series).',
      )
    }
  }
  const schema = analyticsSchemas[groupBy] as unknown as z.ZodType<AnalyticsResponseMap[G]>
  return parseWith(schema, value, `${groupBy} analytics`)
}
