// The per-rule cooldown: at most one notification per (rule, symbol) within cooldownMinutes.
import type { AlertRule } from '../../../../shared/alert-rules'
import type { InstanceRecord } from '../model'

const MINUTE_MS = 60_000

/** When the next notification may go out; null when it may now. */
export function cooldownUntil(r: InstanceRecord, rule: AlertRule, now: Date): string | null {
  if (r.lastOutAt === null || rule.cooldownMinutes <= 0) return null
  const until = Date.parse(r.lastOutAt) + rule.cooldownMinutes * MINUTE_MS
  return until > now.getTime() ? new Date(until).toISOString() : null
}
