// What a backtest tested, in one line: "7-day TVL drop of 10 % or more, on 2 days in a row".
import { formatAmount, formatPct, windowDays } from '../alerts/format'
import type { BacktestRule } from './backtest-symbol'

export function describeCondition(rule: BacktestRule): string {
  const c = rule.condition
  const days = rule.pendingCycles === 1 ? 'on any day' : `on ${rule.pendingCycles} days in a row`
  const rearm = `ends once back by ${rule.rearmMarginPct} points`
  switch (c.kind) {
    case 'tvl-change': {
      // The daily series has only the total: migrations between issuers cannot be left out there.
      const moves =
        c.ignoreMigrations && c.direction === 'down'
          ? '; every drop counts here: the daily series has only the total, so migrations between issuers cannot be told apart and are not ignored'
          : ''
      return `${windowDays(c.window)}-day TVL ${c.direction === 'down' ? 'drop' : 'rise'} of ${formatPct(c.thresholdPct)} or more, ${days}; ${rearm}${moves}`
    }
    case 'tvl-below':
      return `TVL below ${formatAmount(c.amount)}, ${days}; ends once ${rule.rearmMarginPct} % above it`
    default:
      return `a "${c.kind}" condition`
  }
}
