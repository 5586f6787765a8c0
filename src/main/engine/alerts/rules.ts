// Which (rule, symbol) pairs are live this cycle, with per-symbol overrides applied.
import { createHash } from 'node:crypto'
import type { AlertCondition, AlertRule } from '../../../shared/alert-rules'
import type { Target } from './model'
import { ruleSymbols } from '../../../shared/rule-overrides'
import { kindOf } from '../../../shared/conditions/registry'

export type { Target } from './model'

function isFuture(iso: string | null | undefined, now: Date): boolean {
  return iso != null && Date.parse(iso) > now.getTime()
}

/** The condition with a per-symbol threshold override applied (backtests use it too). */
export function withThreshold(c: AlertCondition, threshold: number | undefined): AlertCondition {
  return threshold === undefined ? c : kindOf(c).override.apply(c, threshold)
}

/**
 * Fingerprint of what the user edits: not snoozes, name, enabled or expiry (pausing is not editing),
 * nor cooldownMinutes and notifyMissingIssuers (they pace; and rules saved before them keep their
 * fingerprints, so 'once' rules do not notify again after an update).
 */
function fingerprint(rule: AlertRule, threshold: number | null): string {
  const edited = {
    condition: rule.condition,
    scope: rule.scope,
    pendingCycles: rule.pendingCycles,
    rearmMarginPct: rule.rearmMarginPct,
    repeatHours: rule.repeatHours,
    notify: rule.notify,
    threshold,
  }
  return createHash('sha256').update(JSON.stringify(edited)).digest('hex').slice(0, 16)
}

export function ruleIsActive(rule: AlertRule, now: Date): boolean {
  return rule.enabled && (rule.expiresAt === null || isFuture(rule.expiresAt, now))
}

/** Live targets in rule order, then scope order. Disabled/expired rules and symbols yield none. */
export function liveTargets(rules: AlertRule[], watchlist: string[], now: Date): Target[] {
  const out: Target[] = []
  for (const rule of rules) {
    if (!ruleIsActive(rule, now)) continue
    // A rule's symbols differ only by their threshold override: one hash per distinct threshold
    // (a sha256 per symbol was a tenth of a second per poll at 1000 symbols).
    const prints = new Map<number | null, string>()
    const printOf = (threshold: number | null): string => {
      let p = prints.get(threshold)
      if (p === undefined) prints.set(threshold, (p = fingerprint(rule, threshold)))
      return p
    }
    for (const symbol of ruleSymbols(rule, watchlist)) {
      const o = rule.overrides[symbol]
      if (o?.enabled === false) continue
      out.push({
        rule,
        symbol,
        condition: withThreshold(rule.condition, o?.threshold),
        snoozed: isFuture(rule.snoozedUntil, now) || isFuture(o?.snoozedUntil, now),
        fingerprint: printOf(o?.threshold ?? null),
      })
    }
  }
  return out
}
