// A rule's condition read off a daily series, one day at a time: the value, whether it breaches and
// whether it has cleared by the re-arm margin. Each kind says whether and how (its `backtest`, in
// alerts/conditions); a kind the series cannot answer is reported as untestable — never judged on
// figures the series does not have.
import type { AlertCondition } from '../../../shared/alert-rules'
import type { SeriesPoint } from '../../../shared/liquidity-schemas'
import type { DailyJudge } from '../alerts/conditions/kind'
import { findEngineKind } from '../alerts/conditions/registry'

export type { DailyJudge, DayVerdict } from '../alerts/conditions/kind'

/** The generic reason: the series holds one total TVL and volume per day and nothing else. */
const GENERIC_BECAUSE =
  'it needs figures beyond the one total TVL and volume per day that the daily series holds'

export function untestableReason(kind: string, because = GENERIC_BECAUSE): string {
  return `A "${kind}" condition cannot be tested on the service's daily series because ${because}.`
}

/** The day-by-day judge of a condition on a series (dates ascending), or the reason it cannot be tested. */
export function dailyJudge(
  c: AlertCondition,
  series: readonly SeriesPoint[],
  rearmMarginPct: number,
): DailyJudge | { untestable: string } {
  const b = findEngineKind(c.kind)?.backtest
  if (b === undefined) return { untestable: untestableReason(c.kind) }
  if ('untestableBecause' in b) return { untestable: untestableReason(c.kind, b.untestableBecause) }
  return b.judge(c, series, rearmMarginPct)
}
