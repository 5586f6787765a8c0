// Rows and views rebuilt from the offline cache alone: what the app shows before the first
// cycle, after a watchlist edit, and while the service cannot be reached.
import type { AlertInstance } from '../../../shared/alert-rules'
import type { SerializedError } from '../../../shared/errors'
import { ASSET_TYPES, type AnalyticsStock, type AssetType } from '../../../shared/liquidity-schemas'
import type { KnownSymbol, LikeForLikeChange, WatchRow } from '../../../shared/view-models'
import type { ResponseCache } from '../storage/cache'
import { assetRequest, cycleStockRequest } from '../storage/cache-keys'
import { bulkFigures } from './bulk-screen'
import { seriesEntry } from './series-index'
import {
  buildRow,
  instancesBySymbol,
  isStale,
  seriesFactsFor,
  type SymbolSnapshot,
} from './snapshot'

/**
 * A symbol as the cache knows it: the one "fresh or cached" stand-in, for the rows before a poll
 * and for a poll's failed request alike (`error` is that poll's failure).
 */
export function cachedSnapshot(
  cache: ResponseCache,
  symbol: string,
  nowMs: number,
  intervalMs: number,
  error: SerializedError | null = null,
): SymbolSnapshot {
  const e = cache.get(assetRequest(symbol))
  const fetchedAt = e?.fetchedAt ?? null
  return {
    symbol,
    detail: e?.data ?? null,
    fetchedAt,
    detailFetchedAt: fetchedAt,
    screen: null,
    fromCache: e !== null,
    stale: isStale(fetchedAt, nowMs, intervalMs),
    error,
  }
}

/** The cycle's all-symbols analytics for one asset type, as last cached, with its as-of. */
export function cachedStock(
  cache: ResponseCache,
  assetType: AssetType,
): { data: AnalyticsStock; fetchedAt: string } | null {
  const e = cache.get(cycleStockRequest(assetType))
  const data = e?.data
  return e && data?.groupBy === 'stock' ? { data, fetchedAt: e.fetchedAt } : null
}

export interface CachedRowsInput {
  cache: ResponseCache
  watchlist: string[]
  nowMs: number
  intervalMs: number
  instances: AlertInstance[]
  snoozed: Set<string>
  /** Per-symbol failures of the last cycle, so an edit does not hide them. */
  errors?: Map<string, SerializedError>
  /** Problems of the app that touch every row (data that cannot be saved). */
  pollProblems?: string[]
  /** Per-symbol findings of the alert engine's last reading (missing issuer, source stale, …). */
  findings?: Record<string, string[]>
  /** Per-symbol like-for-like change of the last reading (while parts are missing). */
  likeForLike?: Record<string, LikeForLikeChange>
  /** Symbols the last (tiered) poll screened on the bulk series: their rows show those figures. */
  screened?: ReadonlySet<string>
}

export function cachedRows(i: CachedRowsInput): WatchRow[] {
  const instances = instancesBySymbol(i.instances)
  return i.watchlist.map((symbol) => {
    const cached = cachedSnapshot(
      i.cache,
      symbol,
      i.nowMs,
      i.intervalMs,
      i.errors?.get(symbol) ?? null,
    )
    // Without a detail yet (a long watchlist is checked in turn), the cached daily figures show.
    const s = i.screened?.has(symbol)
      ? asScreened(i.cache, cached, i.nowMs, i.intervalMs)
      : cached.detail === null
        ? shownOnly(asScreened(i.cache, cached, i.nowMs, i.intervalMs))
        : cached
    const type = s.detail?.assetType ?? s.screen?.assetType
    const stock = isAssetType(type) ? cachedStock(i.cache, type) : null
    const problems = {
      findings: i.findings?.[symbol],
      poll: i.pollProblems,
      likeForLike: i.likeForLike?.[symbol],
    }
    const own = instances.get(symbol) ?? []
    return buildRow(s, seriesFactsFor(stock, symbol), own, i.snoozed.has(symbol), problems)
  })
}

/** Bulk figures shown without having been judged on (see SymbolSnapshot.shownOnly). */
function shownOnly(s: SymbolSnapshot): SymbolSnapshot {
  return s.screen === null ? s : { ...s, shownOnly: true }
}

/** A symbol screened on the bulk series, as the cached bulk shows it (else as its detail does). */
function asScreened(
  cache: ResponseCache,
  s: SymbolSnapshot,
  nowMs: number,
  intervalMs: number,
): SymbolSnapshot {
  for (const assetType of ASSET_TYPES) {
    const stock = cachedStock(cache, assetType)
    const entry = seriesEntry(stock?.data, s.symbol)
    if (!stock || !entry) continue
    const screen = bulkFigures(entry.series, assetType, stock.fetchedAt)
    if (screen === null) return s
    const stale = isStale(stock.fetchedAt, nowMs, intervalMs)
    return { ...s, screen, fetchedAt: stock.fetchedAt, stale }
  }
  return s
}

export function cachedKnownSymbols(cache: ResponseCache): KnownSymbol[] {
  const out: KnownSymbol[] = []
  for (const assetType of ASSET_TYPES) {
    for (const d of cachedStock(cache, assetType)?.data.data ?? [])
      out.push({ symbol: d.symbol, assetType })
  }
  return out.sort((a, b) => a.symbol.localeCompare(b.symbol))
}

export function isAssetType(t: string | null | undefined): t is AssetType {
  return (ASSET_TYPES as readonly string[]).includes(t ?? '')
}
