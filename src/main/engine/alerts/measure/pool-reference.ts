// What a pool-count drop is measured from: the counts at the symbol's last trusted reading, kept in
// `state.pools` (the offline cache already holds this poll's answer). Once a drop breaches, the
// instance holds that level (`poolRef`) so the drop lasts until the pools come back.
import { networkKey } from '../../../../shared/pool-counts'
import type { InstanceRecord, PoolCounts, Target } from '../model'

function underWay(r: InstanceRecord | undefined): r is InstanceRecord {
  return r !== undefined && (r.phase !== 'ok' || r.breachCount > 0)
}

/** The count a pool-count rule's drop is measured from this poll; null: none (no drop judged). */
export function poolReference(
  t: Target,
  prev: InstanceRecord | undefined,
  last: PoolCounts | undefined,
): number | null {
  const c = t.condition
  if (c.kind !== 'pool-count' || c.dropBy === undefined) return null
  if (underWay(prev)) return prev.poolRef
  return last?.networks[networkKey(c.network)] ?? null
}

/** The instance keeps the reference while its episode is under way, and forgets it after. */
export function keepReference(record: InstanceRecord, ref: number | null): InstanceRecord {
  return { ...record, poolRef: underWay(record) ? ref : null }
}
