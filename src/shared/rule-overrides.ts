// Per-symbol overrides of a rule: what the threshold means for each condition kind, its limits,
// and the plain-words problems. One definition for the rule editor, the asset view and main's check
// on saveRule (no zod here: the renderer imports it).
import type { AlertCondition, AlertRule } from './alert-rules'

interface ThresholdMeaning {
  /** Column and field label, e.g. "Drop (%)". */
  label: string
  /** The rule's own value, shown where a symbol has none. */
  ruleValue: number
  max: number
  whole: boolean
  /** Says why a value is refused, e.g. "a share cannot be above 100 %". */
  tooBig: string
}

export function thresholdMeaning(c: AlertCondition): ThresholdMeaning {
  switch (c.kind) {
    case 'tvl-change':
      return {
        label: `${c.direction === 'down' ? 'Drop' : 'Rise'} (%)`,
        ruleValue: c.thresholdPct,
        max: 1000,
        whole: false,
        tooBig: 'a change threshold can be at most 1,000 %',
      }
    case 'tvl-below':
      return {
        label: 'Below (USD)',
        ruleValue: c.amount,
        max: Number.MAX_SAFE_INTEGER,
        whole: false,
        tooBig: 'the amount is too large',
      }
    case 'net-flow':
      return {
        label: `Net ${c.direction === 'down' ? 'outflow' : 'inflow'} (%)`,
        ruleValue: c.thresholdPct,
        max: 1000,
        whole: false,
        tooBig: 'a change threshold can be at most 1,000 %',
      }
    case 'issuer-drop':
      return {
        label: 'Issuer drop (%)',
        ruleValue: c.thresholdPct,
        max: 100,
        whole: false,
        tooBig: 'an issuer cannot lose more than 100 % of its TVL',
      }
    case 'concentration':
      return {
        label: 'Max share (%)',
        ruleValue: c.maxSharePct,
        max: 100,
        whole: false,
        tooBig: 'a share cannot be above 100 %',
      }
    case 'pool-count':
      // withThreshold (engine) replaces the floor when the rule has one, else the drop.
      return {
        label: c.below !== undefined ? 'Fewer than (pools)' : 'Lost (pools)',
        ruleValue: c.below ?? c.dropBy ?? 1,
        max: 100_000,
        whole: true,
        tooBig: 'a pool count can be at most 100,000',
      }
  }
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
