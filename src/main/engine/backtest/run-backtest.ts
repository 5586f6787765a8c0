// A backtest from end to end: can the condition be tested on daily data at all, the series of the
// rule's symbols, then each symbol's episodes. Engine code: the core and the CLI call it.
import type { BacktestView } from '../../../shared/backtest'
import { LiquidityError } from '../../../shared/errors'
import { backtestSymbol, untested, type BacktestRule } from './backtest-symbol'
import { dailyJudge } from './daily-condition'
import { describeCondition } from './describe'
import { fetchSeries, type SeriesFetch } from './fetch-series'

/** The service keeps at most this many days of daily series. */
export const BACKTEST_MAX_DAYS = 365

/** null when the daily series can answer the condition, else the plain reason it cannot. */
export function untestableCondition(rule: BacktestRule): string | null {
  const judge = dailyJudge(rule.condition, [], rule.rearmMarginPct)
  return typeof judge === 'function' ? null : judge.untestable
}

export interface BacktestRequest {
  rule: BacktestRule
  symbols: readonly string[]
  days: number
}

/**
 * Runs the rule over each symbol's daily series. Throws a LiquidityError ('bad-request') when the
 * condition cannot be tested on daily data, and the client's error when the service cannot be
 * read at all; a symbol the service lacks, or whose series is too short, is said in its result.
 */
export async function runBacktest(
  req: BacktestRequest,
  f: Omit<SeriesFetch, 'days'>,
  now: () => Date,
): Promise<BacktestView> {
  const why = untestableCondition(req.rule)
  if (why !== null) throw new LiquidityError('bad-request', why)
  if (req.symbols.length === 0)
    throw new LiquidityError('bad-request', 'The rule covers no symbols: there is nothing to test.')
  const days = Math.min(Math.max(1, Math.floor(req.days)), BACKTEST_MAX_DAYS)
  const fetched = await fetchSeries({ ...f, days }, req.symbols)
  const fetchedAt = now().toISOString()
  const series: BacktestView['series'] = {}
  const results = req.symbols.map((symbol) => {
    const got = fetched.get(symbol)
    if (got?.series == null && got?.note)
      return untested(symbol, got.note, got.why ?? 'its series could not be read')
    if (got?.series) series[symbol] = got.series
    return backtestSymbol(req.rule, symbol, got?.series ?? null, days)
  })
  return { results, days, tested: describeCondition(req.rule), fetchedAt, series }
}
