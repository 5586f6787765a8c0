// Screening a symbol on this poll's bulk daily series (analytics groupBy=stock): what its figures
// are, and whether any live rule is breached or near enough that the detail must be fetched now.
// Screening never judges an alert: a breach or an approach only sends the poll for the detail,
// and the notification rests on the detail record and its cross-check, as without screening.
import type { AlertCondition, ChangeWindow } from '../../../shared/alert-rules'
import type { AssetDetail, AssetType, SeriesPoint } from '../../../shared/liquidity-schemas'
import { largestShare } from '../alerts/change'
import type { PoolCountCondition } from '../../../shared/pool-count-condition'
import type { NetFlowCondition } from '../../../shared/net-flow-condition'
import type { IssuerDropCondition } from '../../../shared/issuer-drop-condition'
import { networkKey, poolCountsByNetwork } from '../../../shared/pool-counts'
import { windowDays } from '../alerts/format'
import { pctChange } from '../../../shared/change'

/** A symbol's figures read off the bulk series (shown on its row while its detail is not due). */
export interface BulkFigures {
  assetType: AssetType
  tvl: number
  volume: number
  /** Percent change over the window, tvl[last] / tvl[last − N days] − 1; null when the series is too short. */
  change7dPct: number | null
  change30dPct: number | null
  /** When the bulk series was fetched (this poll). */
  fetchedAt: string
}

/**
 * How close a value may come to a rule before the detail is fetched: a third of the threshold or
 * 3 percentage points, whichever is larger (see ARCHITECTURE "One poll": the daily series and the
 * live detail can differ by the day's move, and the value can move on before the next poll).
 */
export const APPROACH_FRACTION = 1 / 3
export const APPROACH_MIN_PP = 3
/** Shares are read on the last cached detail only (the bulk has no issuers): a fixed margin. */
export const CONCENTRATION_MARGIN_PP = 5
/** The HHI likewise: within a tenth of its limit on the last cached detail. */
export const HHI_MARGIN_FRACTION = 0.1

/**
 * Pools are not in the bulk series either; read on the last cached detail. A floor near it (within
 * a third, and always at the floor itself, where one more loss crosses) fetches the detail. A drop
 * since the last check can only be seen on a new detail: it rests on the round robin (the detail
 * age bound), like a concentration far from its limit. Without a cached detail: unknown.
 */
function screenPools(
  c: PoolCountCondition,
  cached: AssetDetail | null,
): 'near' | 'clear' | 'unknown' {
  if (cached === null) return 'unknown'
  const count = poolCountsByNetwork(cached)[networkKey(c.network)]
  if (count === undefined) return 'unknown'
  if (c.below === undefined) return 'clear'
  return count <= c.below || count < c.below * (1 + APPROACH_FRACTION) ? 'near' : 'clear'
}

/**
 * The bulk series has no price, so a net flow cannot be read off it. A TVL move near the limit in
 * the rule's direction may be tokens leaving (or arriving): the detail is fetched now. Otherwise
 * 'unknown', never 'clear': a price moving the other way can hide a flow in the TVL, so the symbol
 * is not screened; it is judged on its detail when its turn comes (the detail age bound) and its
 * row says it was not checked this poll.
 */
function screenNetFlow(c: NetFlowCondition, f: BulkFigures): 'near' | 'unknown' {
  const pct = c.window === '7d' ? f.change7dPct : f.change30dPct
  if (pct === null) return 'unknown'
  const move = c.direction === 'down' ? -pct : pct
  return move >= c.thresholdPct - approachMarginPp(c.thresholdPct) ? 'near' : 'unknown'
}

/**
 * The bulk series has only the total: one issuer can fall while another rises and the total stays
 * flat, so an issuer drop is never screened clear ('unknown': judged on its detail in turn). A total
 * falling near the limit may be that issuer leaving: the detail is fetched now.
 */
function screenIssuerDrop(c: IssuerDropCondition, f: BulkFigures): 'near' | 'unknown' {
  const pct = c.window === '7d' ? f.change7dPct : f.change30dPct
  if (pct === null) return 'unknown'
  return -pct >= c.thresholdPct - approachMarginPp(c.thresholdPct) ? 'near' : 'unknown'
}

/** The kinds above that are never screened clear: judged on each symbol's detail as its turn comes. */
export const JUDGED_IN_TURN: ReadonlySet<string> = new Set(['net-flow', 'issuer-drop'])

export function approachMarginPp(thresholdPct: number): number {
  return Math.max(thresholdPct * APPROACH_FRACTION, APPROACH_MIN_PP)
}

const DAY_MS = 86_400_000

function dayBefore(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10)
}

/** Percent change over the window from the series' last point; null without a usable start. */
export function seriesChangePct(
  series: readonly SeriesPoint[],
  window: ChangeWindow,
): number | null {
  const last = series.at(-1)
  if (last === undefined) return null
  const startDate = dayBefore(last.date, windowDays(window))
  const start = series.find((p) => p.date === startDate)
  if (start === undefined || !(start.tvl > 0)) return null
  const pct = pctChange(start.tvl, last.tvl)
  return Number.isFinite(pct) ? pct : null
}

export function bulkFigures(
  series: readonly SeriesPoint[],
  assetType: AssetType,
  fetchedAt: string,
): BulkFigures | null {
  const last = series.at(-1)
  if (last === undefined) return null
  return {
    assetType,
    tvl: last.tvl,
    volume: last.volume,
    change7dPct: seriesChangePct(series, '7d'),
    change30dPct: seriesChangePct(series, '30d'),
    fetchedAt,
  }
}

/**
 * Whether one rule condition needs the detail now: 'near' (breached or approaching), 'clear', or
 * 'unknown' when the bulk figures cannot say (no start of window; concentration without a detail).
 */
export function screenCondition(
  c: AlertCondition,
  f: BulkFigures,
  cachedDetail: AssetDetail | null,
): 'near' | 'clear' | 'unknown' {
  switch (c.kind) {
    case 'tvl-change': {
      const pct = c.window === '7d' ? f.change7dPct : f.change30dPct
      if (pct === null) return 'unknown'
      const move = c.direction === 'down' ? -pct : pct
      return move >= c.thresholdPct - approachMarginPp(c.thresholdPct) ? 'near' : 'clear'
    }
    case 'tvl-below':
      return f.tvl < c.amount * (1 + APPROACH_FRACTION) ? 'near' : 'clear'
    case 'concentration': {
      const top = cachedDetail === null ? null : largestShare(cachedDetail, c.by)
      if (top === null) return 'unknown'
      const nearHhi = c.maxHhi !== undefined && top.hhi > c.maxHhi * (1 - HHI_MARGIN_FRACTION)
      return top.sharePct > c.maxSharePct - CONCENTRATION_MARGIN_PP || nearHhi ? 'near' : 'clear'
    }
    case 'pool-count':
      return screenPools(c, cachedDetail)
    case 'net-flow':
      return screenNetFlow(c, f)
    case 'issuer-drop':
      return screenIssuerDrop(c, f)
  }
}
