// Daily series for backtest tests: TVL values from a start date, one point a day.
import type { SeriesPoint } from '../../../src/shared/liquidity-schemas'
import type { BacktestRule } from '../../../src/main/engine/backtest/backtest-symbol'
import { defaultRules } from '../../../src/shared/alert-rules'

const DAY_MS = 86_400_000

export function dateOf(i: number, start = '2026-01-01'): string {
  return new Date(Date.parse(`${start}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10)
}

export function daily(tvls: readonly number[], start = '2026-01-01'): SeriesPoint[] {
  return tvls.map((tvl, i) => ({ date: dateOf(i, start), tvl, volume: 0 }))
}

/** The default 7-day drop rule (10 %, pending 2, re-arm 2) with changes. */
export function rule(over: Partial<BacktestRule> = {}): BacktestRule {
  const d = defaultRules()[0]!
  return {
    condition: d.condition,
    pendingCycles: d.pendingCycles,
    rearmMarginPct: d.rearmMarginPct,
    overrides: {},
    ...over,
  }
}
