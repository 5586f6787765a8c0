// What one cycle knows about a symbol (fresh or cached, with its as-of), and the WatchRow built from it.
import type { AlertInstance, AlertState } from '../../../shared/alert-rules'
import type { SerializedError } from '../../../shared/errors'
import type { AnalyticsStock, AssetDetail } from '../../../shared/liquidity-schemas'
import type { ChangeInfo, LikeForLikeChange, WatchRow } from '../../../shared/view-models'
import { rowHold } from '../../../shared/alert-facts'
import { computeChange } from '../../../shared/change'
import { newestDate } from '../../../shared/data-date'
import { isSourceStale } from '../alerts/read/source-freshness'
import { clampInterval } from './scheduler'
import type { BulkFigures } from './bulk-screen'
import { seriesEntry } from './series-index'
import type { Observation } from '../alerts/model'

/** Slack on top of two missed polls before data counts as stale (a slow cycle is not an outage). */
export const STALE_GRACE_MS = 2 * 60_000
export const SPARKLINE_POINTS = 30

export function staleAfterMs(intervalMs: number): number {
  return 2 * clampInterval(intervalMs) + STALE_GRACE_MS
}

export function isStale(fetchedAt: string | null, nowMs: number, intervalMs: number): boolean {
  if (fetchedAt === null) return false
  return nowMs - Date.parse(fetchedAt) > staleAfterMs(intervalMs)
}

export interface SymbolSnapshot {
  symbol: string
  detail: AssetDetail | null
  /**
   * When the shown data came from the service; null when there is none. The detail's fetch, or for
   * a symbol screened on bulk, the bulk series' (what its row shows).
   */
  fetchedAt: string | null
  /** When the detail (fresh or cached) was fetched; null when there is none. */
  detailFetchedAt: string | null
  /** Screened on this poll's bulk series instead of a detail fetch (tiered poll): its figures. */
  screen: BulkFigures | null
  /**
   * The bulk figures are only shown, not judged: the poll could neither fetch the detail nor
   * screen the symbol (the bulk request failed and a cached one stands in, or a rule cannot be
   * read off the series). Its row shows them; its alerts wait for a detail.
   */
  shownOnly?: boolean
  /** Its detail failed and none was ever cached: this poll's bulk figures stand in (not a cache). */
  bulkStandIn?: boolean
  fromCache: boolean
  stale: boolean
  /** This cycle's failure for the symbol, even when cached data stands in. */
  error: SerializedError | null
}

export function toObservation(s: SymbolSnapshot): Observation {
  return {
    detail: s.detail,
    error: s.error,
    fromCache: s.fromCache,
    fetchedAt: s.detailFetchedAt,
    stale: s.stale,
    screened: s.screen !== null && s.shownOnly !== true,
  }
}

/** Last 30 TVL points of a symbol, oldest first; [] when the analytics did not list it. */
export function sparklineFor(stock: AnalyticsStock | null | undefined, symbol: string): number[] {
  const entry = seriesEntry(stock, symbol)
  if (!entry) return []
  return entry.series.slice(-SPARKLINE_POINTS).map((p) => p.tvl)
}

/** What a row shows of the symbol's daily series: its sparkline and the service's newest date. */
export interface SeriesFacts {
  sparkline: number[]
  /** Newest point of the service's own series (YYYY-MM-DD); null when the analytics lack it. */
  dataDate: string | null
  /** When those analytics were fetched: the service's freshness is judged then, not at the detail's. */
  fetchedAt: string | null
}

/** A symbol's series facts from its analytics (fresh or cached) and when those were fetched. */
export function seriesFactsFor(
  analytics: { data: AnalyticsStock | null; fetchedAt: string | null } | null | undefined,
  symbol: string,
): SeriesFacts {
  const stock = analytics?.data ?? null
  const entry = seriesEntry(stock, symbol)
  return {
    sparkline: sparklineFor(stock, symbol),
    dataDate: entry ? newestDate(entry.series) : null,
    fetchedAt: analytics?.fetchedAt ?? null,
  }
}

/**
 * The service's data had stopped advancing when we fetched it (judged at the fetch, not now: our
 * own outage makes the copy `stale`, not the service's data). The alert engine's rule.
 */
function sourceStaleAt(dataDate: string | null, fetchedAt: string | null): boolean {
  if (dataDate === null || fetchedAt === null) return false
  return isSourceStale({ newest: dataDate, checkedAt: fetchedAt }, new Date(fetchedAt))
}

/** Severity for summarising several rules on one row or the whole app: the worst one shows. */
const SEVERITY: Record<AlertState, number> = {
  ok: 0,
  resolved: 1,
  nodata: 2,
  stale: 3,
  error: 4,
  pending: 5,
  firing: 6,
}

export function worstState(states: Iterable<AlertState>): AlertState {
  let worst: AlertState = 'ok'
  for (const s of states) if (SEVERITY[s] > SEVERITY[worst]) worst = s
  return worst
}

/** The row's state without rules: what the data itself says. */
function dataState(s: SymbolSnapshot): AlertState {
  if (s.shownOnly === true) return 'stale'
  if (s.detail === null) return s.error ? 'error' : 'nodata'
  return s.stale ? 'stale' : 'ok'
}

type RowFigures = Pick<WatchRow, 'totalTvl' | 'totalVolume' | 'change7d' | 'change30d'>

function detailFigures(d: AssetDetail | null): RowFigures {
  return {
    totalTvl: d?.totalTvl ?? null,
    totalVolume: d?.totalVolume ?? null,
    change7d: d ? computeChange(d, '7d') : null,
    change30d: d ? computeChange(d, '30d') : null,
  }
}

/** One figure from one series: nothing to cross-check, so it is its own reported value. */
function seriesChange(pct: number | null): ChangeInfo | null {
  return pct === null ? null : { pct, verified: true, reported: pct / 100 }
}

function screenFigures(f: BulkFigures): RowFigures {
  return {
    totalTvl: f.tvl,
    totalVolume: f.volume,
    change7d: seriesChange(f.change7dPct),
    change30d: seriesChange(f.change30dPct),
  }
}

/** What a row's problems are made of besides its fetch error, each kind kept apart. */
export interface RowProblemParts {
  /** Findings about the symbol's data (the alert engine's reading of it). */
  findings?: readonly string[]
  /** Problems of the whole poll that touch every row (data that cannot be saved). */
  poll?: readonly string[]
  /** While parts of the symbol are missing: the like-for-like change the rules judged. */
  likeForLike?: LikeForLikeChange | null
}

/** Alert instances per symbol: rows take their own, not a scan of every instance per row. */
export function instancesBySymbol(
  instances: readonly AlertInstance[],
): Map<string, AlertInstance[]> {
  const out = new Map<string, AlertInstance[]>()
  for (const i of instances) {
    const list = out.get(i.symbol)
    if (list) list.push(i)
    else out.set(i.symbol, [i])
  }
  return out
}

/** `instances`: the symbol's own (instancesBySymbol); others in the list are left out. */
export function buildRow(
  s: SymbolSnapshot,
  series: SeriesFacts,
  instances: AlertInstance[],
  snoozed: boolean,
  parts: RowProblemParts = {},
): WatchRow {
  const findings = [...(parts.findings ?? [])]
  const d = s.detail
  const own = instances.filter((i) => i.symbol === s.symbol)
  const mine = own.map((i) => i.state)
  const figures = s.screen === null ? detailFigures(d) : screenFigures(s.screen)
  return {
    symbol: s.symbol,
    assetType: d?.assetType ?? s.screen?.assetType ?? null,
    ...figures,
    likeForLike: parts.likeForLike ?? null,
    issuerCount: d ? d.issuers.length : null,
    sparkline: series.sparkline,
    dataDate: series.dataDate,
    sourceStale: sourceStaleAt(series.dataDate, series.fetchedAt),
    alertState: mine.length > 0 ? worstState(mine) : dataState(s),
    judgedState: own.length > 0 ? worstState(own.map((i) => i.phase ?? i.state)) : null,
    flapping: own.some((i) => i.flapping),
    heldBack: rowHold(own),
    snoozed,
    fetchedAt: s.fetchedAt,
    detailFetchedAt: s.detailFetchedAt,
    checkedBy:
      s.shownOnly === true ? null : s.screen !== null ? 'series' : d !== null ? 'detail' : null,
    stale: s.stale,
    error: s.error,
    // Most telling first: the fetch error, the row's findings, then the whole poll's problems.
    problems: [...(s.error ? [s.error.message] : []), ...findings, ...(parts.poll ?? [])],
    findings,
  }
}

/**
 * Oldest as-of among rows whose data is stale now, for EngineStatus.staleSince. Judged now, not at
 * the last cycle: while offline, rows age into it.
 */
export function staleSince(rows: WatchRow[], nowMs: number, intervalMs: number): string | null {
  let oldest: string | null = null
  for (const r of rows) {
    if (r.fetchedAt === null || !isStale(r.fetchedAt, nowMs, intervalMs)) continue
    if (oldest === null || Date.parse(r.fetchedAt) < Date.parse(oldest)) oldest = r.fetchedAt
  }
  return oldest
}
