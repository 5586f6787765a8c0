// Rule edits the core applies to settings: save (insert or replace), delete, snooze.
import type { AlertEvent, AlertRule } from '../../shared/alert-rules'
import { LiquidityError } from '../../shared/errors'
import type { ContactPoint } from '../../shared/contact-points'
import { overrideProblems } from '../../shared/rule-overrides'
import { listContactPoints } from './contact-points-ops'

/**
 * Inserts or replaces; a per-symbol threshold the condition cannot use, or a contact point that
 * does not exist (its alerts would go nowhere), is refused in plain words.
 */
export function upsertRule(
  rules: AlertRule[],
  rule: AlertRule,
  points: readonly ContactPoint[],
): AlertRule[] {
  const known = listContactPoints(points).map((p) => p.id)
  const missing = (rule.contactPoints ?? []).filter((id) => !known.includes(id))
  if (missing.length > 0)
    throw new LiquidityError(
      'invalid-argument',
      `The rule "${rule.name}" was not saved: there is no contact point ${missing.map((id) => `"${id}"`).join(', ')} (there are: ${known.join(', ')}).`,
    )
  const problems = overrideProblems(rule)
  if (problems.length > 0)
    throw new LiquidityError(
      'invalid-argument',
      `The rule "${rule.name}" was not saved. ${problems.join(' ')}`,
    )
  return replaceRule(rules, rule)
}

// A snooze goes through here unchecked: a rule stored before the check must stay snoozable.
function replaceRule(rules: AlertRule[], rule: AlertRule): AlertRule[] {
  const i = rules.findIndex((r) => r.id === rule.id)
  if (i === -1) return [...rules, rule]
  return rules.map((r, j) => (j === i ? rule : r))
}

function find(rules: AlertRule[], id: string): AlertRule {
  const rule = rules.find((r) => r.id === id)
  if (!rule) throw new LiquidityError('invalid-argument', `There is no alert rule with id "${id}".`)
  return rule
}

export function removeRule(rules: AlertRule[], id: string): AlertRule[] {
  find(rules, id)
  return rules.filter((r) => r.id !== id)
}

export interface SnoozeRequest {
  ruleId: string
  symbol: string | null
  minutes: number
}

/** Snoozes a whole rule (symbol null) or one symbol of it; 0 minutes lifts the snooze. */
export function snoozeRule(
  rules: AlertRule[],
  req: SnoozeRequest,
  now: Date,
  eventId: string,
): { rules: AlertRule[]; event: AlertEvent } {
  const rule = find(rules, req.ruleId)
  const until =
    req.minutes > 0 ? new Date(now.getTime() + req.minutes * 60_000).toISOString() : null
  const next: AlertRule =
    req.symbol === null
      ? { ...rule, snoozedUntil: until }
      : {
          ...rule,
          overrides: {
            ...rule.overrides,
            [req.symbol]: { ...rule.overrides[req.symbol], snoozedUntil: until },
          },
        }
  const who = req.symbol ?? 'all symbols'
  const message =
    until === null
      ? `Snooze lifted for ${rule.name} (${who})`
      : `${rule.name} snoozed for ${who} until ${until.slice(0, 16).replace('T', ' ')} UTC`
  const event: AlertEvent = {
    id: eventId,
    at: now.toISOString(),
    type: 'snoozed',
    ruleId: rule.id,
    ruleName: rule.name,
    // '*' stands for every symbol the rule covers.
    symbol: req.symbol ?? '*',
    message,
    value: null,
    threshold: null,
    verified: true,
  }
  return { rules: replaceRule(rules, next), event }
}
