// Suppressed alerts are told as one decision per distinct reason and note (one log line per
// distinct explanation), in the order their reasons first came up.
import type { NotificationDecision, SuppressReason } from '../../../../shared/alert-rules'

export interface Suppression {
  reason: SuppressReason
  note: string
  id: string
}

export function suppressedDecisions(list: readonly Suppression[]): NotificationDecision[] {
  const groups = new Map<string, { reason: SuppressReason; note: string; ids: string[] }>()
  for (const { reason, note, id } of list) {
    const key = `${reason}\u0000${note}`
    const group = groups.get(key) ?? { reason, note, ids: [] }
    group.ids.push(id)
    groups.set(key, group)
  }
  return [...groups.values()].map(({ reason, note, ids }) => ({
    status: 'suppressed',
    reason,
    note,
    eventIds: ids,
  }))
}
