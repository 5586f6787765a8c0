// One symbol of a backtest: the rule as it applies to that symbol (its override), its series, and
// the episodes — or, in plain words, why the symbol could not be tested.
import type { AlertRule } from '../../../shared/alert-rules'
import type { BacktestSymbolResult } from '../../../shared/backtest'
import type { SeriesPoint } from '../../../shared/liquidity-schemas'
import { findEngineKind } from '../alerts/conditions/registry'
import { withThreshold } from '../alerts/rules'
import { dailyJudge } from './daily-condition'
import { runEpisodes } from './episodes'

/** What a backtest needs of a rule: its condition, its pacing into episodes, its overrides. */
export type BacktestRule = Pick<
  AlertRule,
  'condition' | 'pendingCycles' | 'rearmMarginPct' | 'overrides'
>

/** `why`: a few words for the summary sentence; `note`: the full reason. */
export function untested(symbol: string, note: string, why: string): BacktestSymbolResult {
  return { symbol, episodes: [], tested: false, note, why, from: null, to: null }
}

/** The days a condition needs before its first judged day (a change window's length), per kind. */
function daysNeeded(rule: BacktestRule): number {
  const b = findEngineKind(rule.condition.kind)?.backtest
  return b !== undefined && 'daysNeeded' in b ? b.daysNeeded(rule.condition) : 1
}

/**
 * The backtest of one symbol. `series` null: the service has none for it. `days`: how many were
 * asked for, so a shorter series is said.
 */
export function backtestSymbol(
  rule: BacktestRule,
  symbol: string,
  series: readonly SeriesPoint[] | null,
  days: number,
): BacktestSymbolResult {
  const o = rule.overrides[symbol]
  if (o?.enabled === false)
    return untested(
      symbol,
      `The rule is turned off for ${symbol} (its override), so it was not tested.`,
      'the rule is off for it',
    )
  if (series === null || series.length === 0)
    return untested(symbol, `The service has no daily TVL series for ${symbol}.`, 'no daily series')
  const condition = withThreshold(rule.condition, o?.threshold)
  const judge = dailyJudge(condition, series, rule.rearmMarginPct)
  if (typeof judge !== 'function')
    return untested(symbol, judge.untestable, 'not testable on daily data')
  const run = runEpisodes(
    series.map((p) => p.date),
    judge,
    rule.pendingCycles,
  )
  const from = (series[0] as SeriesPoint).date
  const to = (series.at(-1) as SeriesPoint).date
  if (run.judgedDays === 0) {
    const need = daysNeeded(rule)
    // Fewer days asked for than the window needs is the request's doing, not the service's.
    const why =
      series.length >= days
        ? `${days} day${days === 1 ? '' : 's'} of history is too short for this condition: ask for at least ${need} (--days ${need} or more).`
        : `The service has only ${series.length} day${series.length === 1 ? '' : 's'} of data for ${symbol} (${from} to ${to}); this condition needs at least ${need}.`
    return untested(
      symbol,
      why,
      series.length >= days ? 'too few days asked for' : 'too short a series',
    )
  }
  const short =
    series.length < days
      ? `Only ${series.length} of the ${days} days asked for are available for ${symbol} (from ${from}).`
      : null
  return { symbol, episodes: run.episodes, tested: true, note: short, from, to }
}
