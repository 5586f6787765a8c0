// Which symbols must be judged on a fresh detail this poll, whatever a bulk screen says: an episode
// under way ends, repeats and is told only on the detail record, and missing parts are tracked like
// for like on trusted detail readings only.
import type { AlertRule } from '../../../shared/alert-rules'
import { cooldownUntil } from './pace/cooldown'
import type { AlertEngineState, InstanceRecord } from './model'

function underWay(r: InstanceRecord, rule: AlertRule | undefined, now: Date): boolean {
  if (r.phase !== 'ok' || r.breachCount > 0 || r.owed !== null) return true
  if (r.flapping || r.flapAnnounced || r.flapLogged) return true
  return rule !== undefined && cooldownUntil(r, rule, now) !== null
}

export function symbolsNeedingDetail(
  state: AlertEngineState,
  rules: readonly AlertRule[],
  now: Date,
): Set<string> {
  const byId = new Map(rules.map((r) => [r.id, r]))
  const out = new Set<string>()
  for (const r of state.instances) if (underWay(r, byId.get(r.ruleId), now)) out.add(r.symbol)
  for (const [symbol, b] of Object.entries(state.baselines))
    if (Object.keys(b.missing).length > 0) out.add(symbol)
  return out
}
