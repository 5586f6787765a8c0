// What a drop is measured from (a kind's `reference`, pool-count's pools): read off the symbol's
// last trusted reading, kept in `state.pools` (the offline cache already holds this poll's answer).
// Once a drop breaches, the instance holds that level (`poolRef`) so the drop lasts until it is back.
import { engineKind } from '../conditions/registry'
import type { InstanceRecord, PoolCounts, Target } from '../model'

function underWay(r: InstanceRecord | undefined): r is InstanceRecord {
  return r !== undefined && (r.phase !== 'ok' || r.breachCount > 0)
}

/** The level a rule's drop is measured from this poll; null: none (no drop judged). */
export function poolReference(
  t: Target,
  prev: InstanceRecord | undefined,
  last: PoolCounts | undefined,
): number | null {
  const reference = engineKind(t.condition).reference
  if (reference === undefined) return null
  return underWay(prev) ? prev.poolRef : reference(t.condition, last)
}

/** The instance keeps the reference while its episode is under way, and forgets it after. */
export function keepReference(record: InstanceRecord, ref: number | null): InstanceRecord {
  return { ...record, poolRef: underWay(record) ? ref : null }
}
