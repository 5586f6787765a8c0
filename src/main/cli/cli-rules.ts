// `check --rule JSON`: conditions given on the command line, judged instead of the saved rules for
// that run. Each becomes a rule with the default rule's pacing (pending polls, re-arm, repeat,
// cooldown), over the watchlist in force (--symbols or the saved one).
//
// Its alert state and notification log live in their own folder, one per set of conditions
// (<data dir>/cli-rules/<hash>): repeated runs with the same --rule then act as successive polls
// (a drop is confirmed on the next run, as with the saved rules), while the saved rules' episodes,
// history, 'once' memory and held digests are never touched. No state at all would leave every
// run a first poll: nothing could ever be confirmed over pendingCycles. The offline cache and rate
// holds stay shared: they are the service's data and limits, not the rules'.
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { defaultRules, type AlertCondition, type AlertRule } from '../../shared/alert-rules'
import { parseConditionFlag } from './condition-flag'

export const CLI_RULES_DIR = 'cli-rules'

/** One --rule value, checked with the shared schema; throws a plain message naming the value. */
export function parseRuleFlag(text: string, n: number): AlertCondition {
  return parseConditionFlag(`--rule ${n}`, text)
}

/** The run's rules: the default rule's pacing with each given condition, over the watchlist. */
export function cliRules(conditions: readonly AlertCondition[]): AlertRule[] {
  const base = defaultRules()[0]!
  return conditions.map((condition, i) => ({
    ...base,
    id: `cli-rule-${i + 1}`,
    name: `--rule ${i + 1}: ${JSON.stringify(condition)}`.slice(0, 120),
    condition,
  }))
}

/** Where a set of --rule conditions keeps its alert state: the same conditions, the same folder. */
export function cliRulesStateDir(dataDir: string, conditions: readonly AlertCondition[]): string {
  const hash = createHash('sha256').update(JSON.stringify(conditions)).digest('hex').slice(0, 16)
  return join(dataDir, CLI_RULES_DIR, hash)
}
