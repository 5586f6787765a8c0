// The generic webhook body, version 1 (documented in docs/delivery.md and README): a public
// interface — fields may be added, never renamed or removed; a breaking change is version 2.
import type { MessageEvent, MessageStatus, OutboundMessage } from '../model'
import type { RenderedMessage } from '../templates/render'

export const WEBHOOK_BODY_VERSION = 1

/** v1's event fields, in the body's order: MessageEvent's own, without its template-only extras. */
const EVENT_FIELDS_V1 = [
  'id',
  'type',
  'symbol',
  'ruleId',
  'ruleName',
  'value',
  'threshold',
  'unit',
  // Added in v1 (a new field, not a change): which way the rule guards, 'down' or 'up'.
  'direction',
  'asOf',
  'dataDate',
  'link',
] as const satisfies readonly (keyof MessageEvent)[]

export type WebhookEventV1 = Pick<MessageEvent, (typeof EVENT_FIELDS_V1)[number]>

export interface WebhookBodyV1 {
  version: 1
  /** The idempotency id: the same on every attempt of this message (also the Idempotency-Key header). */
  id: string
  contactPoint: string
  status: MessageStatus
  title: string
  body: string
  events: WebhookEventV1[]
  sentAt: string
}

function eventV1(e: MessageEvent): WebhookEventV1 {
  // Exactly v1's fields: the template-only extras of MessageEvent stay out of the public body.
  // A field absent from an older stored message is null, never missing from the body.
  return Object.fromEntries(EVENT_FIELDS_V1.map((k) => [k, e[k] ?? null])) as WebhookEventV1
}

export function webhookBodyV1(
  message: OutboundMessage,
  text: RenderedMessage,
  sentAt: Date,
): WebhookBodyV1 {
  return {
    version: WEBHOOK_BODY_VERSION,
    id: message.id,
    contactPoint: message.contactPointId,
    status: message.status,
    title: text.title,
    body: text.body,
    events: message.events.map(eventV1),
    sentAt: sentAt.toISOString(),
  }
}
