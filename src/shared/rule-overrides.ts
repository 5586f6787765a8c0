// Per-symbol overrides of a rule: what the threshold means for each condition kind, its limits,
// and the plain-words problems. One definition for the rule editor, the asset view and main's check
// on saveRule; each kind's own meaning is in its module (shared/conditions).
import type { AlertCondition, AlertRule } from './alert-rules'
import type { ThresholdMeaning } from './conditions/kind'
import { kindOf } from './conditions/registry'

export type { ThresholdMeaning } from './conditions/kind'

export function thresholdMeaning(c: AlertCondition): ThresholdMeaning {
  return kindOf(c).override.meaning(c)
}

/** Why this threshold cannot be used for the condition, in plain words; null when it can. */
export function thresholdProblem(c: AlertCondition, threshold: number): string | null {
  const m = thresholdMeaning(c)
  if (!Number.isFinite(threshold) || threshold <= 0) return 'the threshold must be above 0'
  if (threshold > m.max) return m.tooBig
  if (m.whole && !Number.isInteger(threshold)) return 'a pool count must be a whole number'
  return null
}

/** One sentence per symbol whose override cannot be saved, e.g. "TSLA: a share cannot be above 100 %." */
export function overrideProblems(rule: AlertRule): string[] {
  const out: string[] = []
  for (const [symbol, o] of Object.entries(rule.overrides)) {
    if (o.threshold === undefined) continue
    const problem = thresholdProblem(rule.condition, o.threshold)
    if (problem) out.push(`${symbol}: ${problem}.`)
  }
  return out
}

/** The symbols a rule covers, in scope order (a watchlist rule follows the watchlist). */
export function ruleSymbols(
  rule: Pick<AlertRule, 'scope'>,
  watchlist: readonly string[],
): string[] {
  return [...new Set(rule.scope.kind === 'watchlist' ? watchlist : rule.scope.symbols)]
}
