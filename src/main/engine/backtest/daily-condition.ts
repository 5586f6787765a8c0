// A rule's condition read off a daily series, one day at a time: the value, whether it breaches and
// whether it has cleared by the re-arm margin. Only kinds the series can answer are listed; any
// other kind (today's concentration, and any kind added later) falls to the default branch and is
// reported as untestable — never judged on figures the series does not have.
import type { AlertCondition } from '../../../shared/alert-rules'
import type { SeriesPoint } from '../../../shared/liquidity-schemas'
import { windowDays } from '../alerts/format'
import { pctChange } from '../../../shared/change'

export interface DayVerdict {
  /** Percent for a change, dollars for a floor (the rule's own unit). */
  value: number
  breach: boolean
  /** Back past the threshold by the re-arm margin: a would-be alert ends. */
  clear: boolean
  /** The figure an episode reports as its worstPct: the change, or the distance below the floor. */
  pct: number
  /** Larger is worse: how far in the rule's direction the day went (picks the episode's worst day). */
  badness: number
}

/** Judges day `i` of the series; null when that day cannot be judged (no start of window). */
export type DailyJudge = (i: number) => DayVerdict | null

const DAY_MS = 86_400_000

/** Days since 1970 of a YYYY-MM-DD date (read by hand: Date.parse per point was most of the time). */
function dayNumber(date: string): number {
  const y = Number(date.slice(0, 4))
  const m = Number(date.slice(5, 7))
  const d = Number(date.slice(8, 10))
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS)
}

/**
 * Why the daily series cannot answer a kind. Kinds not named here get the generic reason: the
 * series holds one total TVL and volume per day and nothing else.
 */
const UNTESTABLE_BECAUSE: Record<string, string> = {
  concentration:
    'it needs each issuer’s or network’s share of TVL, and the daily series has only the total',
  'net-flow':
    'it needs the underlying’s price on each day to split price moves from flows, and the daily series has no prices',
  'pool-count': 'it needs the pools on each network, and the daily series has no pools per symbol',
  'issuer-drop': 'it needs each issuer’s TVL, and the daily series has only the total',
}

export function untestableReason(kind: string): string {
  const because =
    UNTESTABLE_BECAUSE[kind] ??
    'it needs figures beyond the one total TVL and volume per day that the daily series holds'
  return `A "${kind}" condition cannot be tested on the service's daily series because ${because}.`
}

/**
 * The day-by-day judge of a condition on a series (dates ascending), or the reason it cannot
 * be tested. Change over an N-day window = (tvl[d] − tvl[d − N days]) / tvl[d − N days], the start looked up by
 * date so a gap in the series never stretches a window.
 */
export function dailyJudge(
  c: AlertCondition,
  series: readonly SeriesPoint[],
  rearmMarginPct: number,
): DailyJudge | { untestable: string } {
  switch (c.kind) {
    case 'tvl-change': {
      const n = windowDays(c.window)
      const days = series.map((p) => dayNumber(p.date))
      let byDay: Map<number, number> | null = null
      /** TVL on a day: N points back in a gapless series, else looked up (built once, if ever). */
      const tvlOn = (day: number, guess: number): number | undefined => {
        if (days[guess] === day) return (series[guess] as SeriesPoint).tvl
        byDay ??= new Map(days.map((d, k) => [d, (series[k] as SeriesPoint).tvl]))
        return byDay.get(day)
      }
      return (i) => {
        const p = series[i]
        if (p === undefined) return null
        const start = tvlOn((days[i] as number) - n, i - n)
        if (start === undefined || !(start > 0)) return null
        const pct = pctChange(start, p.tvl)
        if (!Number.isFinite(pct)) return null
        // Signed so that a positive move is always in the rule's direction.
        const move = c.direction === 'down' ? -pct : pct
        const breach = move >= c.thresholdPct
        return {
          value: pct,
          breach,
          clear: !breach && move <= c.thresholdPct - rearmMarginPct,
          pct,
          badness: move,
        }
      }
    }
    case 'tvl-below':
      return (i) => {
        const p = series[i]
        if (p === undefined) return null
        const breach = p.tvl < c.amount
        return {
          value: p.tvl,
          breach,
          clear: !breach && p.tvl >= c.amount * (1 + rearmMarginPct / 100),
          pct: (p.tvl / c.amount - 1) * 100,
          badness: -p.tvl,
        }
      }
    default:
      return { untestable: untestableReason((c as { kind: string }).kind) }
  }
}
