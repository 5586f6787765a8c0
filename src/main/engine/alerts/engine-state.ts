// The alert engine's persisted state (AlertEngineState; its schema: shared/alert-state.ts): a fresh
// value, instance keys, and the instances as the UI shows them.
import type { AlertInstance, AlertRule } from '../../../shared/alert-rules'
import { cooldownUntil as cooldownOf } from './pace/cooldown'
import type { AlertEngineState, InstanceRecord } from './model'

export function freshState(afterReset = false): AlertEngineState {
  return {
    version: 1,
    initialized: false,
    afterReset,
    seq: 0,
    instances: [],
    baselines: {},
    sources: {},
    pools: {},
    onceSent: {},
    held: [],
    heldOverflow: 0,
    lastSeenAt: null,
    away: null,
  }
}

export function instanceKey(ruleId: string, symbol: string): string {
  return `${ruleId}\u0000${symbol}`
}

/** Strip engine bookkeeping for the UI; the cooldown follows from the rule as it is now. */
export function toInstance(
  r: InstanceRecord,
  rule: AlertRule | undefined,
  now: Date,
): AlertInstance {
  const { ruleId, symbol, state, breachCount, since, firedAt, lastNotifiedAt, lastValue } = r
  const shown = { ruleId, symbol, state, breachCount, since, firedAt, lastNotifiedAt, lastValue }
  const { lastUnit, verified, detail, flapping, phase } = r
  const heldBack = r.owed?.why ?? null
  const cooldownUntil = rule === undefined ? null : cooldownOf(r, rule, now)
  return { ...shown, lastUnit, verified, detail, heldBack, flapping, phase, cooldownUntil }
}

/** The instances as the UI shows them now, under the rules as they are. */
export function instancesOf(records: InstanceRecord[], rules: AlertRule[], now: Date) {
  const byId = new Map(rules.map((r) => [r.id, r]))
  return records.map((r) => toInstance(r, byId.get(r.ruleId), now))
}
