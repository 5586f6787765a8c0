// Delivery's seam types: what the alert pipeline hands to delivery, what the outbox keeps, what a
// channel (one per contact point kind) answers. Type-only, importing nothing but src/shared, so the
// outbox, the router, the channels, the app core and the CLI name them without importing each other.
import type { ContactPoint, ContactPointKind, Severity } from '../../../shared/contact-points'
import type { DeliveryState } from '../../../shared/delivery-states'

/** What a message says of its events (the generic webhook body's `status`, webhook-body v1). */
export type MessageStatus = 'firing' | 'resolved' | 'held' | 'digest'

/** One event as a message carries it (the generic webhook body's `events[]`, v1). */
export interface MessageEvent {
  id: string
  type: string
  symbol: string
  ruleId: string
  ruleName: string
  value: number | null
  /**
   * The rule's threshold as the user typed it: for a change, a magnitude (10 for a 10 % drop);
   * `direction` says which way it guards.
   */
  threshold: number | null
  /**
   * Which way the rule guards: 'down' (a drop, a floor), 'up' (a rise, a ceiling), null when
   * unknown (an event known only by its id, or kept by an older version).
   */
  direction?: 'down' | 'up' | null
  /** '%', 'USD', 'pools', 'HHI'…: what value and threshold count. */
  unit: string
  asOf: string | null
  /** The market day the figures are for (YYYY-MM-DD), when known. */
  dataDate: string | null
  /** liquidity-watch://asset/<symbol> (opens the app on it), or null. */
  link: string | null
  // For templates only (not in the webhook body v1); absent means unknown, shown as empty.
  /** The event's sentence: the change in words ("TSLA 7-day TVL −12.3 % (threshold −10 %)"). */
  text?: string | null
  /** How much of the change was price and how much flow, in words. */
  priceFlow?: string | null
  /** The issuers' moves in words ("xStocks −$4.1 M, Backed +$3.9 M: migration, net −$0.2 M"). */
  issuerMoves?: string | null
  /** The market session of the figures, in words ("while the US market was closed (weekend)"). */
  marketSession?: string | null
}

/** One notification for one contact point: the unit the outbox stores and sends. */
export interface OutboundMessage {
  /** Stable per (events, contact point): the idempotency id of every attempt (body and header). */
  id: string
  contactPointId: string
  status: MessageStatus
  severity: Severity
  /** The default text (the desktop's): sent when a template is absent or fails. */
  title: string
  body: string
  events: MessageEvent[]
  /** When the pipeline decided it (ISO): the age limit counts from here. */
  createdAt: string
}

/** A routed message as the outbox queues it: with its kind, and how long quiet hours hold it. */
export interface QueuedMessage {
  message: OutboundMessage
  kind: ContactPointKind
  /** Held until this instant (ms; the contact point's quiet hours), then told in one digest. */
  holdUntil: number | null
}

/** A receiver's answer in plain words, for the log, the test button and `--json`. */
export type SendAnswer =
  | { ok: true; httpStatus: number | null; said: string; templateError?: string | null }
  | {
      ok: false
      /** The contact point's template failed: the default text was sent; this says why (plain words). */
      templateError?: string | null
      /** false: sending again cannot help (400, 401, 404, a refused address): failed now. */
      retryable: boolean
      /** From the receiver's Retry-After (429/503), in ms; null when it said nothing. */
      retryAfterMs: number | null
      httpStatus: number | null
      said: string
    }

export interface SendContext {
  /** The contact point's secret from the keychain (webhook URL, ntfy token, SMTP password), or null. */
  secret: string | null
  signal: AbortSignal
  now: () => Date
  /**
   * Alertmanager only: how long a posted firing alert stays firing without a re-post (its endsAt
   * from now). Set it to a few poll intervals; absent: DEFAULT_ALERT_VALID_FOR_MS (alertmanager-alerts.ts).
   */
  alertValidForMs?: number
}

/**
 * One contact point kind's way of sending: ONE attempt, answered in plain words (retries are the
 * outbox's). It rejects only when ctx.signal aborts (the caller knows why: its deadline, a shutdown).
 */
export interface Channel {
  readonly kind: ContactPointKind
  send(message: OutboundMessage, point: ContactPoint, ctx: SendContext): Promise<SendAnswer>
}

export type { DeliveryState } from '../../../shared/delivery-states'

/** A message's delivery as the outbox keeps it (the Alerts view's log, `check --json` deliveries). */
export interface DeliveryRecord {
  id: string
  eventIds: string[]
  contactPoint: string
  kind: ContactPointKind
  status: DeliveryState
  attempts: number
  lastError: string | null
  /** The receiver's last answer in plain words (also when it was a success). */
  lastAnswer: string | null
  createdAt: string
  nextAttemptAt: string | null
  sentAt: string | null
}

/** Contact points' secrets, as the keychain keeps them; the renderer can set or clear, never read. */
export interface ContactPointSecrets {
  get(id: string): Promise<string | null>
  set(id: string, secret: string): Promise<void>
  clear(id: string): Promise<void>
}
