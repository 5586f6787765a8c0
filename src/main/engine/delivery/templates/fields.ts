// The fields a contact point's title and body templates can use (documented in docs/delivery.md):
// derived from an OutboundMessage and its events, all plain values (strings, numbers, null), so a
// template can print, compare and loop over them and nothing else.
import type { MessageEvent, OutboundMessage } from '../model'

/** One event as templates see it (also `events[i]`). */
export interface EventFields {
  id: string
  /** The event kind: fired, resolved, repeated, held… */
  state: string
  type: string
  symbol: string
  rule: string
  ruleId: string
  value: number | null
  threshold: number | null
  unit: string
  /** The change in words: the event's sentence. */
  change: string
  priceFlow: string
  issuerMoves: string
  asOf: string
  dataDate: string
  marketSession: string
  link: string
}

/** Everything a template sees: the message, and its first event's fields at the top level. */
export interface TemplateFields extends EventFields {
  /** The default title and body (the desktop notification's). */
  title: string
  body: string
  status: string
  severity: string
  contactPoint: string
  count: number
  events: EventFields[]
  createdAt: string
}

const EMPTY_EVENT: EventFields = {
  id: '',
  state: '',
  type: '',
  symbol: '',
  rule: '',
  ruleId: '',
  value: null,
  threshold: null,
  unit: '',
  change: '',
  priceFlow: '',
  issuerMoves: '',
  asOf: '',
  dataDate: '',
  marketSession: '',
  link: '',
}

export function eventFields(event: MessageEvent): EventFields {
  return {
    id: event.id,
    state: event.type,
    type: event.type,
    symbol: event.symbol,
    rule: event.ruleName,
    ruleId: event.ruleId,
    value: event.value,
    threshold: event.threshold,
    unit: event.unit,
    change: event.text ?? '',
    priceFlow: event.priceFlow ?? '',
    issuerMoves: event.issuerMoves ?? '',
    asOf: event.asOf ?? '',
    dataDate: event.dataDate ?? '',
    marketSession: event.marketSession ?? '',
    link: event.link ?? '',
  }
}

export function templateFields(message: OutboundMessage, contactPointName: string): TemplateFields {
  const events = message.events.map(eventFields)
  return {
    ...(events[0] ?? EMPTY_EVENT),
    title: message.title,
    body: message.body,
    status: message.status,
    severity: message.severity,
    contactPoint: contactPointName,
    count: events.length,
    events,
    createdAt: message.createdAt,
  }
}

/** The names a template may use, for the docs test and the UI's help list. */
export const TEMPLATE_FIELD_NAMES = [
  ...Object.keys(EMPTY_EVENT),
  'title',
  'body',
  'status',
  'severity',
  'contactPoint',
  'count',
  'events',
  'createdAt',
] as const
