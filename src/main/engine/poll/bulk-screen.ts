// Screening a symbol on this poll's bulk daily series (analytics groupBy=stock): what its figures
// are, and whether any live rule is breached or near enough that the detail must be fetched now.
// Screening never judges an alert: a breach or an approach only sends the poll for the detail,
// and the notification rests on the detail record and its cross-check, as without screening.
import type { AlertCondition, ChangeWindow } from '../../../shared/alert-rules'
import type { AssetDetail, AssetType, SeriesPoint } from '../../../shared/liquidity-schemas'
import type { BulkFigures } from '../alerts/conditions/kind'
import { engineKind } from '../alerts/conditions/registry'
import { windowDays } from '../alerts/text/format'
import { pctChange } from '../../../shared/change'

export { JUDGED_IN_TURN } from '../alerts/conditions/registry'
export type { BulkFigures }

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
  /** The symbol's daily series the figures were read off. */
  series: readonly SeriesPoint[] = [],
): 'near' | 'clear' | 'unknown' {
  return engineKind(c).screen(c, f, cachedDetail, series)
}
