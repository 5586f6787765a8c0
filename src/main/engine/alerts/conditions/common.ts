// What several kinds' measuring and screening share: the like-for-like wording, the window change,
// and how close to a limit fetches the detail.
import { computeChange } from '../../../../shared/change'
import type { AssetDetail } from '../../../../shared/liquidity-schemas'
import type { LikeForLike, NoVerdict } from '../model'
import type { BulkFigures } from './kind'

export function withoutTag(lfl: LikeForLike | null): string {
  if (lfl === null) return ''
  const many = lfl.absences.length > 1 || lfl.without.startsWith('issuers ')
  return ` (without ${lfl.without}, which ${many ? 'are' : 'is'} missing)`
}

export function noBasis(lfl: LikeForLike): NoVerdict {
  return {
    kind: 'nodata',
    detail: `${lfl.without} missing; no earlier figures to compare the rest like for like`,
  }
}

/** The window change: the service's own, or like for like over the parts still there. */
export function windowChange(
  detail: AssetDetail,
  c: { window: '7d' | '30d' },
  lfl: LikeForLike | null,
) {
  const own = computeChange(detail, c.window)
  if (lfl === null) return own === null ? null : { pct: own.pct, own }
  const pct = lfl.change[c.window]
  return pct === null ? null : { pct, own }
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

export function approachMarginPp(thresholdPct: number): number {
  return Math.max(thresholdPct * APPROACH_FRACTION, APPROACH_MIN_PP)
}

export function bulkChange(f: BulkFigures, window: '7d' | '30d'): number | null {
  return window === '7d' ? f.change7dPct : f.change30dPct
}

const DAY_MS = 86_400_000

/** Days since 1970 of a YYYY-MM-DD date (read by hand: Date.parse per point was most of the time). */
export function dayNumber(date: string): number {
  const y = Number(date.slice(0, 4))
  const m = Number(date.slice(5, 7))
  const d = Number(date.slice(8, 10))
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS)
}
