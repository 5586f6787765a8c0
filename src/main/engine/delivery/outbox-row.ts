// A row of the outbox's message table, and the delivery record it shows as (log, --json). A body
// that no longer reads as a message (a damaged file, a hand edit) is told apart, never thrown on.
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

/** The note on a row whose body could not be read: it is marked failed and its queue goes on. */
export const DAMAGED_NOTE =
  'This message could not be read from the outbox (damaged); it was skipped.'

/** The stored message, or null when the body is not one (cut short, not JSON, fields missing). */
export function readMessage(body: string): OutboundMessage | null {
  let m: unknown
  try {
    m = JSON.parse(body)
  } catch {
    return null
  }
  if (typeof m !== 'object' || m === null) return null
  const o = m as Partial<Record<keyof OutboundMessage, unknown>>
  const ok =
    typeof o.id === 'string' &&
    typeof o.contactPointId === 'string' &&
    typeof o.title === 'string' &&
    typeof o.body === 'string' &&
    typeof o.createdAt === 'string' &&
    !Number.isNaN(Date.parse(o.createdAt)) &&
    Array.isArray(o.events) &&
    o.events.every((e) => typeof e === 'object' && e !== null && typeof e.id === 'string')
  return ok ? (m as OutboundMessage) : null
}

export function record(r: Row): DeliveryRecord {
  const m = readMessage(r.body)
  return {
    id: r.id,
    eventIds: m === null ? [] : m.events.map((e) => e.id),
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
