// The tiered poll, for watchlists above the detail budget: the bulk series first (one request per
// asset type in use), then the details the poll plan picks; every other symbol is either screened
// on its bulk figures or, when the bulk cannot screen it, shown as not judged this poll.
import { ASSET_TYPES, type AssetType, type SeriesPoint } from '../../../shared/liquidity-schemas'
import { assetRequest } from '../storage/cache-keys'
import { emptyResult, fetchBulk, fetchDetails, tracker } from './fetch-steps'
import { bulkFigures } from './bulk-screen'
import { planPoll, type CachedDetail } from './poll-plan'
import { isStale } from './snapshot'
import { cachedSnapshot, isAssetType } from './snapshot-cache'
import type { FetchContext, FetchResult } from './fetch-types'

/** Types of the cached details; both when a symbol's type is not known yet (at most 2 requests). */
function typesInUse(cached: ReadonlyMap<string, CachedDetail>): AssetType[] {
  const types = new Set<AssetType>()
  for (const c of cached.values()) {
    const t = c.detail?.assetType
    if (!isAssetType(t)) return [...ASSET_TYPES]
    types.add(t)
  }
  return [...types].sort()
}

interface BulkSeries {
  assetType: AssetType
  series: readonly SeriesPoint[]
  fetchedAt: string
  fromCache: boolean
}

/** The bulk series at hand per symbol, fresh or a cached stand-in (only fresh ones screen). */
function bulkBySymbol(stock: FetchResult['stock']): Map<string, BulkSeries> {
  const out = new Map<string, BulkSeries>()
  for (const [assetType, f] of stock) {
    if (f.data === null || f.fetchedAt === null) continue
    for (const e of f.data.data)
      out.set(e.symbol, {
        assetType,
        series: e.series,
        fetchedAt: f.fetchedAt,
        fromCache: f.fromCache,
      })
  }
  return out
}

export async function tieredFetch(ctx: FetchContext, symbols: string[]): Promise<FetchResult> {
  const plan = ctx.plan
  if (plan === undefined) throw new Error('tieredFetch needs a plan context')
  const out = emptyResult()
  const track = tracker(out)
  const cached = new Map<string, CachedDetail>()
  for (const s of symbols) {
    const e = ctx.cache.get(assetRequest(s))
    const attempt = plan.attempts.get(s)
    cached.set(s, { detail: e?.data ?? null, fetchedAt: e?.fetchedAt ?? null, attempt })
  }
  await fetchBulk(ctx, typesInUse(cached), track, out)
  const bulk = bulkBySymbol(out.stock)
  // The time the cache keeps for the bulk answer: a screened row shows the same age whether the
  // poll sent it or the watchlist is asked for it later. (Without a fresh answer nothing screens.)
  const fresh = [...out.stock.values()].find((f) => !f.fromCache && f.fetchedAt !== null)
  const bulkFetchedAt = fresh?.fetchedAt ?? ctx.now().toISOString()
  const p = planPoll({
    symbols,
    targets: plan.targets,
    alertRelevant: plan.alertRelevant,
    cached,
    series: new Map([...bulk].filter(([, b]) => !b.fromCache)),
    bulkFetchedAt,
    visible: plan.visible,
    budget: plan.budget,
    now: ctx.now(),
  })
  await fetchDetails(ctx, [...p.fetch.keys()], track, out)

  const nowMs = ctx.now().getTime()
  const fetched = new Map(out.snapshots.map((s) => [s.symbol, s]))
  out.snapshots = symbols.map((symbol) => {
    const own = fetched.get(symbol)
    if (own !== undefined && own.error === null) return own
    const base = own ?? cachedSnapshot(ctx.cache, symbol, nowMs, ctx.intervalMs)
    const screen = p.screened.get(symbol)
    if (screen !== undefined) {
      // Shown as of the bulk series it was checked on; the detail keeps its own age.
      const stale = isStale(screen.fetchedAt, nowMs, ctx.intervalMs)
      return { ...base, screen, fetchedAt: screen.fetchedAt, stale }
    }
    // Neither fetched nor screened (or its detail failed): the bulk figures at hand, fresh or
    // cached, are shown rather than an empty row; they stand in for a failed detail, unjudged.
    const b = bulk.get(symbol)
    const figures = b ? bulkFigures(b.series, b.assetType, b.fetchedAt) : null
    if (figures === null) return base
    return {
      ...base,
      screen: figures,
      shownOnly: true,
      fetchedAt: b!.fetchedAt,
      stale: isStale(b!.fetchedAt, nowMs, ctx.intervalMs),
      fromCache: base.fromCache || base.error !== null,
      ...(!b!.fromCache && !base.fromCache && base.error !== null ? { bulkStandIn: true } : {}),
    }
  })
  out.plan = p.fetch
  out.deferredNear = p.deferredNear
  return out
}
