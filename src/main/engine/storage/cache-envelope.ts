// What one cached response looks like on disk, and how an envelope read back is trusted again.
import { LiquidityError } from '../../../shared/errors'
import {
  ASSET_TYPES,
  GROUP_BY,
  type AnalyticsQuery,
  type AnalyticsResponse,
  type AssetDetail,
  type GroupBy,
} from '../../../shared/liquidity-schemas'
import { parseAnalytics, parseAssetDetail } from '../../../shared/parse'
import type { AnalyticsRequest, AssetRequest, CacheRequest } from './cache-keys'

export const CACHE_SCHEMA_VERSION = 1

interface EnvelopeBase {
  schemaVersion: number
  /** ISO instant the response arrived from the service. */
  fetchedAt: string
}
export type AssetEnvelope = EnvelopeBase & { request: AssetRequest; data: AssetDetail }
export type AnalyticsEnvelope = EnvelopeBase & {
  request: AnalyticsRequest
  data: AnalyticsResponse
}
export type CacheEnvelope = AssetEnvelope | AnalyticsEnvelope

/** The envelope a request's key holds: get() of an asset request gives an AssetEnvelope. */
export type EnvelopeFor<R extends CacheRequest> = R extends AssetRequest
  ? AssetEnvelope
  : AnalyticsEnvelope

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.length > 0 ? v : undefined
}

/**
 * Keep only the query fields the service defines. Whatever else a caller put in params
 * (headers, a key, a base URL) never reaches the file: the cache must not hold the API key.
 */
export function normalizeRequest(request: unknown): CacheRequest {
  const r = request as { kind?: unknown; params?: Record<string, unknown> } | null
  const params = r?.params !== null && typeof r?.params === 'object' ? r.params : {}
  if (r?.kind === 'asset') {
    const symbol = str(params.symbol)
    if (symbol !== undefined) return { kind: 'asset', params: { symbol } }
  }
  if (r?.kind === 'analytics') {
    const groupBy = (GROUP_BY as readonly unknown[]).includes(params.groupBy)
      ? (params.groupBy as GroupBy)
      : undefined
    if (groupBy !== undefined) {
      const out: AnalyticsRequest['params'] = { groupBy }
      if (typeof params.days === 'number' && Number.isInteger(params.days)) out.days = params.days
      if ((ASSET_TYPES as readonly unknown[]).includes(params.assetType)) {
        out.assetType = params.assetType as AnalyticsQuery['assetType']
      }
      const symbol = str(params.symbol)
      if (symbol !== undefined) out.symbol = symbol
      const issuer = str(params.issuer)
      if (issuer !== undefined) out.issuer = issuer
      return { kind: 'analytics', params: out }
    }
  }
  throw new LiquidityError(
    'invalid-argument',
    'A cache entry needs a request of kind asset (with a symbol) or analytics (with groupBy).',
  )
}

/** Trust an envelope read from disk exactly as much as a fresh response: same schemas. */
export function reviveEnvelope(raw: unknown): CacheEnvelope {
  const e = raw as Partial<Record<keyof CacheEnvelope, unknown>> | null
  if (e === null || typeof e !== 'object') throw new Error('entry is not an object')
  if (e.schemaVersion !== CACHE_SCHEMA_VERSION) {
    throw new Error(
      `entry has schema version ${String(e.schemaVersion)}, expected ${CACHE_SCHEMA_VERSION}`,
    )
  }
  if (typeof e.fetchedAt !== 'string' || Number.isNaN(Date.parse(e.fetchedAt))) {
    throw new Error('entry has no valid fetchedAt')
  }
  const request = normalizeRequest(e.request)
  const base = { schemaVersion: CACHE_SCHEMA_VERSION, fetchedAt: e.fetchedAt }
  if (request.kind === 'asset') return { ...base, request, data: parseAssetDetail(e.data) }
  return { ...base, request, data: parseAnalytics(request.params.groupBy, e.data) }
}
