// The two public endpoints: path matching, query validation, and the body or a clear error.
import type { AssetType } from './catalog-types'
import { suggestSymbol } from './catalog'
import type { DataModel } from './model'
import { error, json, type Reply } from './reply'
import { analyticsIssuer, analyticsStock, analyticsTotal, assetDetail } from './views'

export const API_PREFIX = '/api/v0/liquidity'
export const MAX_DAYS = 365
export const DEFAULT_DAYS = 90
const GROUP_BY = ['total', 'stock', 'issuer'] as const
const ASSET_TYPES = ['stock', 'commodity'] as const

export type ApiRoute = { kind: 'asset'; rawSymbol: string } | { kind: 'analytics' }

export function matchApiRoute(pathname: string): ApiRoute | null {
  if (pathname === `${API_PREFIX}/analytics`) return { kind: 'analytics' }
  const m = /^\/api\/v0\/liquidity\/asset\/([^/]+)$/.exec(pathname)
  return m ? { kind: 'asset', rawSymbol: m[1] as string } : null
}

const bad = (message: string): Reply => error(400, 'invalid_parameter', message)

function unknownSymbol(model: DataModel, symbol: string): Reply {
  const hint = suggestSymbol(model.catalog, symbol)
  const tail =
    hint && hint !== symbol ? ` Symbols are case-sensitive tickers: did you mean ${hint}?` : ''
  return error(404, 'unknown_symbol', `No asset with symbol "${symbol}".${tail}`)
}

/**
 * Answers one API call. The clock is read to the whole second: values drift smoothly anyway, and
 * it lets identical calls within a second share one built body.
 */
export function handleApi(
  route: ApiRoute,
  query: URLSearchParams,
  model: DataModel,
  nowMs: number,
): Reply {
  const ms = Math.floor(nowMs / 1000) * 1000
  const key = route.kind === 'asset' ? `asset/${route.rawSymbol}` : `analytics?${query.toString()}`
  return model.memo(key, ms, () =>
    route.kind === 'asset' ? getAsset(route.rawSymbol, model, ms) : getAnalytics(query, model, ms),
  )
}

function getAsset(rawSymbol: string, model: DataModel, nowMs: number): Reply {
  let symbol: string
  try {
    symbol = decodeURIComponent(rawSymbol)
  } catch {
    return bad('The symbol in the path is not valid percent-encoding.')
  }
  if (!model.catalog.bySymbol.has(symbol)) return unknownSymbol(model, symbol)
  return json(200, assetDetail(model, symbol, nowMs))
}

function oneOf<T extends string>(
  query: URLSearchParams,
  key: string,
  allowed: readonly T[],
  dflt: T,
): T | Reply {
  const v = query.get(key)
  if (v === null) return dflt
  if ((allowed as readonly string[]).includes(v)) return v as T
  return bad(`${key} must be one of ${allowed.join(', ')} (got "${v}").`)
}

/** Integer >= 1 written in plain digits; larger than MAX_DAYS is clamped, not refused. */
export function parseDays(v: string | null): number | Reply {
  if (v === null) return DEFAULT_DAYS
  if (!/^\d+$/.test(v)) return bad(`days must be a whole number >= 1 (got "${v}").`)
  const n = Number(v)
  if (n < 1) return bad(`days must be >= 1 (got "${v}").`)
  return Math.min(n, MAX_DAYS)
}

function getAnalytics(query: URLSearchParams, model: DataModel, nowMs: number): Reply {
  const groupBy = oneOf(query, 'groupBy', GROUP_BY, 'total')
  if (typeof groupBy !== 'string') return groupBy
  const assetType = oneOf<AssetType>(query, 'assetType', ASSET_TYPES, 'stock')
  if (typeof assetType !== 'string') return assetType
  const days = parseDays(query.get('days'))
  if (typeof days !== 'number') return days

  if (groupBy === 'total') return json(200, analyticsTotal(model, assetType, days, nowMs))

  if (groupBy === 'stock') {
    const symbol = query.get('symbol')
    if (symbol === null) return json(200, analyticsStock(model, assetType, days, nowMs))
    const asset = model.catalog.bySymbol.get(symbol)
    if (!asset) return unknownSymbol(model, symbol)
    if (asset.assetType !== assetType) {
      return bad(`${symbol} is a ${asset.assetType}: ask with assetType=${asset.assetType}.`)
    }
    return json(200, analyticsStock(model, assetType, days, nowMs, symbol))
  }

  const issuer = query.get('issuer')
  if (issuer === null) return json(200, analyticsIssuer(model, assetType, days, nowMs))
  const slices = model.catalog.slices
  if (!slices.some((s) => s.issuer === issuer)) {
    const other = model.catalog.issuers.find((n) => n.toLowerCase() === issuer.toLowerCase())
    const tail = other
      ? ` Did you mean ${other}?`
      : ` Issuers: ${model.catalog.issuers.join(', ')}.`
    return error(404, 'unknown_issuer', `No issuer named "${issuer}".${tail}`)
  }
  if (!slices.some((s) => s.issuer === issuer && s.asset.assetType === assetType)) {
    return bad(`${issuer} issues no ${assetType} tokens: try another assetType.`)
  }
  return json(200, analyticsIssuer(model, assetType, days, nowMs, issuer))
}
