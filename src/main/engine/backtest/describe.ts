// What a backtest tested, in one line: "7-day TVL drop of 10 % or more, on 2 days in a row".
import { findEngineKind } from '../alerts/conditions/registry'
import type { BacktestRule } from './backtest-symbol'

export function describeCondition(rule: BacktestRule): string {
  const c = rule.condition
  const days = rule.pendingCycles === 1 ? 'on any day' : `on ${rule.pendingCycles} days in a row`
  const rearm = `ends once back by ${rule.rearmMarginPct} points`
  const b = findEngineKind(c.kind)?.backtest
  if (b === undefined || 'untestableBecause' in b) return `a "${c.kind}" condition`
  return b.describe(c, { days, rearm, rearmMarginPct: rule.rearmMarginPct })
}
