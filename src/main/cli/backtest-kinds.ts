// What `backtest --help` says can be tested, read off the kinds' registry (an example of each kind
// the daily series can answer, and why each other cannot), so a kind added there appears here.
import { conditionKinds } from '../../shared/condition-kinds'
import { findEngineKind } from '../engine/alerts/conditions/registry'

const INDENT = ' '.repeat(18)

export function backtestKindLines(): string {
  const testable: string[] = []
  const not: string[] = []
  const width = Math.max(...conditionKinds().map((k) => k.kind.length))
  for (const k of conditionKinds()) {
    const backtest = findEngineKind(k.kind)?.backtest
    if (backtest === undefined) continue
    if ('untestableBecause' in backtest)
      not.push(`${INDENT}  ${k.kind}: ${backtest.untestableBecause}`)
    else testable.push(`${INDENT}  ${k.kind.padEnd(width)}  '${JSON.stringify(k.example)}'`)
  }
  return [
    `${INDENT}Conditions the daily series can answer:`,
    ...testable,
    `${INDENT}Not these, which cannot be tested:`,
    ...not,
  ].join('\n')
}
