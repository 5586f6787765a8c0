// A row of the outbox's message table, and the delivery record it shows as (log, --json).
import type { ContactPointKind } from '../../../shared/contact-points'
import type { DeliveryRecord, DeliveryState, OutboundMessage } from './model'

export interface Row {
  seq: number
  id: string
  contact_point: string
  kind: string
  status: string
  body: string
  attempts: number
  last_error: string | null
  last_answer: string | null
  created_at: string
  next_attempt_at: number
  hold_until: number | null
  sent_at: string | null
}

export function record(r: Row): DeliveryRecord {
  const m = JSON.parse(r.body) as OutboundMessage
  return {
    id: r.id,
    eventIds: m.events.map((e) => e.id),
    contactPoint: r.contact_point,
    kind: r.kind as ContactPointKind,
    status: r.status as DeliveryState,
    attempts: r.attempts,
    lastError: r.last_error,
    lastAnswer: r.last_answer,
    createdAt: r.created_at,
    nextAttemptAt: r.status === 'queued' ? new Date(r.next_attempt_at).toISOString() : null,
    sentAt: r.sent_at,
  }
}
