// What the renderer sees of contact points' delivery: the test button's answer, a template's
// preview, a line of the delivery log, a contact point that keeps failing. View models only (the
// stored contact point is shared/contact-points.ts; the outbox's record engine/delivery/model.ts).
import type { ContactPointKind } from './contact-points'
import { joinNames } from './plain-list'

/** "Send test": the receiver's answer in plain words. */
export interface ContactPointTestResult {
  ok: boolean
  /** "Sent — HTTP 200", "Failed — HTTP 404", "Failed — no answer". */
  status: string
  /** When the answer came (ISO). */
  at: string
  /** What the receiver said, shortened; never a secret. */
  said: string
}

/** A template rendered against the last real event (or a sample when there is none yet). */
export interface TemplatePreview {
  title: string
  body: string
  /** The template's error in plain words (the default text is shown and sent instead), or null. */
  error: string | null
  /** What the preview was rendered against: "the last event (TSLA 7-day TVL drop, 14:05)". */
  source: string
}

export const DELIVERY_LOG_STATES = ['queued', 'sent', 'failed', 'dropped'] as const
export type DeliveryLogState = (typeof DELIVERY_LOG_STATES)[number]

/** One message in the delivery log (Alerts view). */
export interface DeliveryLogEntry {
  id: string
  /** The event(s) it carried, in words ("TSLA 7-day TVL drop −12 %" or "3 alerts (digest)"). */
  event: string
  eventIds: string[]
  contactPoint: string
  contactPointName: string
  kind: ContactPointKind
  status: DeliveryLogState
  attempts: number
  /** The receiver's last answer in plain words, or the last error; null before any attempt. */
  lastAnswer: string | null
  createdAt: string
  sentAt: string | null
}

/** A contact point whose deliveries keep failing (tray, status bar). */
export interface FailingContactPoint {
  id: string
  name: string
  /** The receiver's last answer or error, in plain words. */
  lastError: string
  /** Since when it has been failing (ISO). */
  since: string
}

/** "Contact point Slack keeps failing" / "… Slack and ntfy keep failing": status bar and tray. */
export function failingWords(points: readonly FailingContactPoint[]): string | null {
  if (points.length === 0) return null
  const names = joinNames(points.map((p) => p.name))
  return points.length === 1
    ? `Contact point ${names} keeps failing`
    : `Contact points ${names} keep failing`
}
