// What several kinds share: the like-for-like wording, a change judged in the rule's direction,
// and how close to a limit fetches the detail.
import type { LikeForLike, Measurement, NoVerdict } from '../model'
import { formatSignedPct } from '../text/format'
import type { BulkFigures, DayVerdict, ScreenVerdict } from './kind'

export const noData = (detail: string): NoVerdict => ({ kind: 'nodata', detail })

export function withoutTag(lfl: LikeForLike | null): string {
  if (lfl === null) return ''
  const many = lfl.absences.length > 1 || lfl.without.startsWith('issuers ')
  return ` (without ${lfl.without}, which ${many ? 'are' : 'is'} missing)`
}

export function noBasis(lfl: LikeForLike): NoVerdict {
  return noData(`${lfl.without} missing; no earlier figures to compare the rest like for like`)
}

/** The missing parts at their anchor TVL moved with the rest since (like-for-like totals, shares). */
export function missingNow(lfl: LikeForLike | null): LikeForLike['missing'] {
  const ratio = lfl?.ratio ?? 1
  return (lfl?.missing ?? []).map((m) => ({ ...m, tvl: m.tvl * ratio }))
}

type Judged = Omit<Measurement, 'kind' | 'verified' | 'disagreement'>
type Wording = Omit<Judged, 'value' | 'threshold' | 'breach' | 'clear'>

/** A measurement of trusted figures (only tvl-change cross-checks the service's own). */
export function measured(m: Judged): Measurement {
  return { kind: 'measured', verified: true, disagreement: null, ...m }
}

/**
 * How close a value may come to a limit before the detail is fetched: a third of the threshold or
 * 3 points, whichever is larger (the daily series and the live detail differ by the day's move).
 */
export const APPROACH_FRACTION = 1 / 3
const approachMarginPp = (thresholdPct: number) => Math.max(thresholdPct * APPROACH_FRACTION, 3)

interface Directed {
  direction: 'down' | 'up'
  thresholdPct: number
}

/** A change judged in the rule's direction: `move` is positive toward the alert. */
export function directed(c: Directed, pct: number, rearmMarginPct: number) {
  const move = c.direction === 'down' ? -pct : pct
  const breach = move >= c.thresholdPct
  return { move, breach, clear: !breach && move <= c.thresholdPct - rearmMarginPct }
}

export function changeMeasured(c: Directed, pct: number, rearm: number, w: Wording): Measurement {
  const { breach, clear } = directed(c, pct, rearm)
  return measured({ value: pct, threshold: c.thresholdPct, breach, clear, ...w })
}

/** The threshold as the signed change it guards: "−10.0 %" for a drop. */
export function signedLimit(c: Directed): string {
  return formatSignedPct(c.direction === 'down' ? -c.thresholdPct : c.thresholdPct)
}

/** 'near' when a change is past its limit or within the approach margin of it; else `far`. */
export function screenChange(c: Directed, pct: number | null, far: ScreenVerdict): ScreenVerdict {
  if (pct === null) return 'unknown'
  const { move } = directed(c, pct, 0)
  return move >= c.thresholdPct - approachMarginPp(c.thresholdPct) ? 'near' : far
}

/** A backtest day's verdict on a change; its badness is how far it went in the rule's direction. */
export function dayVerdict(c: Directed, pct: number, rearmMarginPct: number): DayVerdict {
  const { move, breach, clear } = directed(c, pct, rearmMarginPct)
  return { value: pct, breach, clear, pct, badness: move }
}

export function bulkChange(f: BulkFigures, window: '7d' | '30d'): number | null {
  return window === '7d' ? f.change7dPct : f.change30dPct
}

/** Days since 1970 of a YYYY-MM-DD date (read by hand: Date.parse per point was most of the time). */
export function dayNumber(date: string): number {
  const y = Number(date.slice(0, 4))
  const m = Number(date.slice(5, 7))
  return Math.round(Date.UTC(y, m - 1, Number(date.slice(8, 10))) / 86_400_000)
}
