// The Alerts view's delivery log and the "keeps failing" of tray and status bar, read off the
// outbox (engine/delivery): its records in words, with contact point names and the events told.
import type { AlertEvent } from '../../shared/alert-rules'
import type { ContactPoint } from '../../shared/contact-points'
import type { DeliveryLogEntry, FailingContactPoint } from '../../shared/contact-point-views'
import type { DeliveryRecord } from '../engine/delivery/model'

/** What the core reads of the outbox (engine/delivery/delivery.ts Delivery), or null without one. */
export interface DeliverySource {
  /** The newest records first. */
  list(limit: number): DeliveryRecord[]
  failingContactPoints(now: Date): { contactPoint: string; since: string; lastError: string }[]
}

function eventWords(ids: readonly string[], byId: ReadonlyMap<string, AlertEvent>): string {
  const first = ids[0] === undefined ? undefined : byId.get(ids[0])
  if (ids.length === 0) return 'Test message'
  if (ids.length === 1) return first ? first.message : 'An alert no longer in the history'
  return `${ids.length} alerts (digest)${first ? `: ${first.symbol} and others` : ''}`
}

export function deliveryLogEntries(
  records: readonly DeliveryRecord[],
  points: readonly ContactPoint[],
  history: readonly AlertEvent[],
): DeliveryLogEntry[] {
  const names = new Map(points.map((p) => [p.id, p.name]))
  const byId = new Map(history.map((e) => [e.id, e]))
  return records.map((r) => ({
    id: r.id,
    event: eventWords(r.eventIds, byId),
    eventIds: r.eventIds,
    contactPoint: r.contactPoint,
    contactPointName: names.get(r.contactPoint) ?? `${r.contactPoint} (removed)`,
    kind: r.kind,
    status: r.status,
    attempts: r.attempts,
    lastAnswer: r.lastAnswer ?? r.lastError,
    createdAt: r.createdAt,
    sentAt: r.sentAt,
  }))
}

/** The outbox's failing contact points with the names the user gave them. */
export function failingWithNames(
  failing: readonly { contactPoint: string; since: string; lastError: string }[],
  points: readonly ContactPoint[],
): FailingContactPoint[] {
  const names = new Map(points.map((p) => [p.id, p]))
  return failing.flatMap((f) => {
    const point = names.get(f.contactPoint)
    // A removed or turned-off point no longer fails anyone.
    if (point === undefined || !point.enabled) return []
    return [{ id: f.contactPoint, name: point.name, lastError: f.lastError, since: f.since }]
  })
}
