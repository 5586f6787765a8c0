// The template preview of Settings → Contact points: a contact point's title and body templates
// rendered against the last real event (the newest alert that fired or resolved), or a sample
// while the history has none, with a template error in plain words beside the default text.
import type { AlertEvent } from '../../shared/alert-rules'
import type { ContactPoint } from '../../shared/contact-points'
import type { TemplatePreview } from '../../shared/contact-point-views'
import type { OutboundMessage } from '../engine/delivery/model'

export interface TemplateDraft {
  title: string | null
  body: string | null
}

const NEWS = new Set<AlertEvent['type']>(['fired', 'resolved', 'repeated'])

/** The event the preview renders: the newest news in the history (newest first), if any. */
export function lastRealEvent(history: readonly AlertEvent[]): AlertEvent | null {
  return history.find((e) => NEWS.has(e.type)) ?? null
}

const SAMPLE: AlertEvent = {
  id: 'sample',
  at: '2026-01-05T14:05:00.000Z',
  type: 'fired',
  ruleId: 'default-7d-drop',
  ruleName: '7-day TVL drop',
  symbol: 'TSLA',
  message: 'TSLA 7-day TVL −12.4 % (threshold −10.0 %)',
  value: -12.4,
  threshold: -10,
  verified: true,
}

/** The message the outbox would build for one event, with the desktop's text as the default. */
export function messageOf(event: AlertEvent, point: ContactPoint): OutboundMessage {
  return {
    id: `preview-${point.id}-${event.id}`,
    contactPointId: point.id,
    status: event.type === 'resolved' ? 'resolved' : 'firing',
    severity: 'warning',
    title: `${event.symbol}: ${event.ruleName}`,
    body: event.recovery ?? event.message,
    events: [
      {
        id: event.id,
        type: event.type,
        symbol: event.symbol,
        ruleId: event.ruleId,
        ruleName: event.ruleName,
        value: event.value,
        threshold: event.threshold,
        unit: '%',
        asOf: event.asOf ?? null,
        dataDate: null,
        link: `liquidity-watch://asset/${encodeURIComponent(event.symbol)}`,
      },
    ],
    createdAt: event.at,
  }
}

/**
 * The templates as the engine renders them (engine/delivery/templates), injected at merge; the
 * core's loads the template engine at the first preview (contact-point-calls.ts).
 */
export type RenderTemplate = (
  draft: TemplateDraft,
  message: OutboundMessage,
  point: ContactPoint,
) => Promise<{ title: string; body: string; error: string | null }>

export async function previewTemplate(
  point: ContactPoint,
  draft: TemplateDraft,
  history: readonly AlertEvent[],
  render: RenderTemplate,
): Promise<TemplatePreview> {
  const last = lastRealEvent(history)
  const event = last ?? SAMPLE
  const when = event.at.slice(0, 16).replace('T', ' ')
  const source = last
    ? `the last event (${event.symbol}, ${event.ruleName}, ${when} UTC)`
    : 'a sample event (no alert has fired yet)'
  return { ...(await render(draft, messageOf(event, point), point)), source }
}
