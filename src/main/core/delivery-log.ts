// The Alerts view's delivery log and the "keeps failing" of tray and status bar, read off the
// outbox (engine/delivery): its records in words, with contact point names and the events told.
import type { AlertEvent } from '../../shared/alert-rules'
import type { ContactPoint } from '../../shared/contact-points'
import type { DeliveryLogEntry, FailingContactPoint } from '../../shared/contact-point-views'
import type { DeliveryRecord } from '../engine/delivery/model'

/** What the core reads of the outbox (null until the outbox is wired). */
export interface DeliverySource {
  /** The newest records first. */
  list(limit: number): DeliveryRecord[] | Promise<DeliveryRecord[]>
}

/** A contact point keeps failing once this many of its messages wait or failed in a row. */
export const FAILING_AFTER = 2

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

/**
 * Contact points whose newest messages (newest first) are undelivered — queued after a failed
 * attempt, or failed — FAILING_AFTER of them in a row, and nothing sent since.
 */
export function failingContactPoints(
  records: readonly DeliveryRecord[],
  points: readonly ContactPoint[],
): FailingContactPoint[] {
  const out: FailingContactPoint[] = []
  for (const point of points) {
    if (!point.enabled) continue
    const mine = records.filter((r) => r.contactPoint === point.id)
    const streak: DeliveryRecord[] = []
    for (const r of mine) {
      if (r.status === 'sent') break
      if (r.status === 'failed' || (r.status === 'queued' && r.attempts > 0)) streak.push(r)
    }
    if (streak.length < FAILING_AFTER) continue
    out.push({
      id: point.id,
      name: point.name,
      failures: streak.length,
      lastError: streak[0]?.lastError ?? null,
      since: streak.at(-1)?.createdAt ?? null,
    })
  }
  return out
}
