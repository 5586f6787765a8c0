// Turns untrusted JSON into typed service records, or a LiquidityError the user can read.
import type { z } from 'zod'
import { LiquidityError } from './errors'
import { describeIssues } from './schema-issues'
import {
  analyticsIssuerSchema,
  analyticsStockSchema,
  analyticsTotalSchema,
  assetDetailSchema,
  type AnalyticsResponseMap,
  type AssetDetail,
  type GroupBy,
} from './liquidity-schemas'
import {
  checkAnalytics,
  checkAssetDetail,
  type AnalyticsExpectation,
  type AssetExpectation,
} from './response-sanity'

export type { AnalyticsExpectation, AssetExpectation } from './response-sanity'

function parseWith<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value)
  if (r.success) return r.data
  throw new LiquidityError(
    'invalid-response',
    `The service sent ${what} that is not in the expected form: ${describeIssues(r.error.issues, value)}; it was not used.`,
  )
}

/** Schema, then sanity bounds; `expected` names what was asked (the symbol in the path). */
export function parseAssetDetail(value: unknown, expected: AssetExpectation = {}): AssetDetail {
  const detail = parseWith(assetDetailSchema, value, 'asset data')
  checkAssetDetail(detail, expected)
  return detail
}

const analyticsSchemas = {
  total: analyticsTotalSchema,
  stock: analyticsStockSchema,
  issuer: analyticsIssuerSchema,
} as const

/** Schema, then sanity bounds; `expected` names the request (days, filters) and the time now. */
export function parseAnalytics<G extends GroupBy>(
  groupBy: G,
  value: unknown,
  expected: AnalyticsExpectation = {},
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
  const parsed = parseWith(schema, value, expected.label ?? `${groupBy} analytics`)
  checkAnalytics(groupBy, parsed, expected)
  return parsed
}
