// A backtest's result as the CLI prints it and the rule editor shows it: when a rule would have
// fired on the service's daily series, per symbol. No zod, no Node: the renderer reads it too.
import type { SeriesPoint } from './liquidity-schemas'
import { formatSignedPct } from './number-format'
import { joinNames } from './plain-list'

/** One would-be alert: from the day it would have fired to the day it cleared (null: still open). */
export interface BacktestEpisode {
  /** YYYY-MM-DD: the day the rule would have fired (after its pending days of breach). */
  start: string
  /** YYYY-MM-DD: the first day the value was back past the threshold by the re-arm margin. */
  end: string | null
  /**
   * The worst value of the drop (its pending days of breach included, up to the day it ended), in percent: for a TVL change, the change furthest in the
   * rule's direction (−23.5 for a 23.5 % drop); for a TVL floor, how far below the floor the lowest
   * TVL went (−12 = 12 % below it).
   */
  worstPct: number
}

export interface BacktestSymbolResult {
  symbol: string
  episodes: BacktestEpisode[]
  /** False when the symbol could not be tested (no data, series too short, turned off): see note. */
  tested: boolean
  /** Why it was not tested, or what limits the answer ("only 120 days of data"); else null. */
  note: string | null
  /** When untested: why in a few words for the summary sentence ("unknown to the service"). */
  why?: string
  /** First and last day of the series tested (null when untested). */
  from: string | null
  to: string | null
}

export interface BacktestResult {
  results: BacktestSymbolResult[]
  /** The days asked for (the service holds at most 365). */
  days: number
  /** "7-day TVL drop of 10 % or more, confirmed on 2 days in a row" — what was tested. */
  tested: string
  /** When the series were fetched (ISO instant). */
  fetchedAt: string
}

/** The app also draws each tested series with its episodes marked. */
export interface BacktestView extends BacktestResult {
  series: Record<string, SeriesPoint[]>
}

/** "2026-02-03 – 2026-02-10: worst −12.3 %". */
function span(e: BacktestEpisode): string {
  return `${e.start} – ${e.end ?? 'still open'}: worst ${formatSignedPct(e.worstPct)}`
}

/** "3 times on TSLA (2026-02-03 – 2026-02-10: worst −12.3 %, …)" for one symbol that fired. */
function firedOn(r: BacktestSymbolResult, spans: boolean): string {
  const n = r.episodes.length
  const times = n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`
  return `${times} on ${r.symbol}${spans ? ` (${r.episodes.map(span).join(', ')})` : ''}`
}

/** "FOO (unknown to the service) and BAR (no daily series)": the symbols not tested, and why. */
function notTested(results: readonly BacktestSymbolResult[]): string {
  return joinNames(results.map((r) => (r.why ? `${r.symbol} (${r.why})` : r.symbol)))
}

/**
 * The result in one sentence: "Would have fired 3 times on TSLA (2026-02-03 – 2026-02-10: worst −12.3 %, …), never
 * on NVDA and AAPL; FOO could not be tested (unknown to the service)." Their notes say more.
 */
export function backtestSummary(results: readonly BacktestSymbolResult[]): string {
  return summary(results, true)
}

/**
 * The same sentence without the date ranges ("Would have fired 3 times on TSLA, never on NVDA."):
 * the rule editor lists the episodes in a table under it, however many there are.
 */
export function backtestHeadline(results: readonly BacktestSymbolResult[]): string {
  return summary(results, false)
}

const DAY_MS = 86_400_000

/** Days the rule would have been firing: to the day it ended, or through `to` while still open. */
export function episodeDays(e: BacktestEpisode, to: string | null): number {
  const end = e.end ?? to
  if (end === null) return 1
  return Math.round((Date.parse(end) - Date.parse(e.start)) / DAY_MS) + (e.end === null ? 1 : 0)
}

function summary(results: readonly BacktestSymbolResult[], spans: boolean): string {
  const tested = results.filter((r) => r.tested)
  const untested = results.filter((r) => !r.tested)
  if (tested.length === 0)
    return untested.length === 0
      ? 'Nothing could be tested.'
      : `Nothing could be tested: ${notTested(untested)}.`
  const fired = tested.filter((r) => r.episodes.length > 0)
  const never = tested.filter((r) => r.episodes.length === 0).map((r) => r.symbol)
  const lost = untested.length === 0 ? '' : `; ${notTested(untested)} could not be tested`
  if (fired.length === 0) return `Would never have fired on ${joinNames(never)}${lost}.`
  const rest = never.length > 0 ? `, never on ${joinNames(never)}` : ''
  return `Would have fired ${fired.map((r) => firedOn(r, spans)).join(spans ? '; ' : ', ')}${rest}${lost}.`
}
