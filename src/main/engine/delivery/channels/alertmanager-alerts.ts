// What Alertmanager is told (its API v2 postable alerts), and the per-poll re-post. Alertmanager
// identifies an alert by its labels and treats one as firing until its endsAt: so a firing alert is
// posted with endsAt a few polls ahead and posted again at every poll while it fires (as Prometheus
// does), and posted with endsAt = now when it resolves. If the app stops (laptop closed, rule
// deleted), Alertmanager resolves it by itself at endsAt. Labels stay few and stable (alertname,
// symbol, rule, severity); prose goes in annotations.
import type { AlertInstance, AlertRule } from '../../../../shared/alert-rules'
import type { Severity } from '../../../../shared/contact-points'
import type { MessageEvent, OutboundMessage } from '../model'

/** Without SendContext.alertValidForMs: long enough for hourly polls with one missed. */
export const DEFAULT_ALERT_VALID_FOR_MS = 2 * 60 * 60 * 1000

/** Alertmanager API v2 `postableAlert`. */
export interface PostableAlert {
  labels: Record<string, string>
  annotations: Record<string, string>
  startsAt?: string
  endsAt: string
  generatorURL?: string
}

/** Events that are not alerts: a snooze or a dropped held notice tells Alertmanager nothing. */
const NOT_ALERTS = new Set(['snoozed', 'dropped'])
/**
 * Events that end the alert. A flap that settled firing is posted again by the next poll's
 * re-post, so ending it here is never wrong for long; leaving one that settled ok firing would be.
 */
const ENDING = new Set(['resolved', 'flap-ended'])

function labels(alertname: string, symbol: string, ruleId: string, severity: Severity) {
  return { alertname, symbol, rule: ruleId, severity }
}

function eventAnnotations(e: MessageEvent, summary: string, description: string) {
  const out: Record<string, string> = { summary, description }
  if (e.value !== null) out.value = `${e.value}${e.unit === '' ? '' : ` ${e.unit}`}`
  if (e.threshold !== null) out.threshold = `${e.threshold}${e.unit === '' ? '' : ` ${e.unit}`}`
  if (e.asOf !== null) out.asOf = e.asOf
  if (e.dataDate !== null) out.dataDate = e.dataDate
  if (e.link !== null) out.link = e.link
  return out
}

/**
 * A message's events as postable alerts: 'resolved' and 'flap-ended' end their alert now;
 * 'issuer-left' is its own alert (alertname "Issuer left") that ends by itself; 'snoozed',
 * 'dropped' and events known only by id (no rule: told from an earlier poll) are not posted;
 * every other event (fired, repeated, flapping…) is the rule's alert, firing.
 */
export function alertsFromMessage(
  message: OutboundMessage,
  text: { title: string; body: string },
  now: Date,
  validForMs = DEFAULT_ALERT_VALID_FOR_MS,
): PostableAlert[] {
  const one = message.events.length === 1
  return message.events
    .filter((e) => !NOT_ALERTS.has(e.type) && e.ruleId !== '')
    .map((e) => {
      const resolved = ENDING.has(e.type)
      const summary = one ? text.title : (e.text ?? text.title)
      return {
        labels: labels(
          e.type === 'issuer-left' ? 'Issuer left' : e.ruleName,
          e.symbol,
          e.ruleId,
          message.severity,
        ),
        annotations: eventAnnotations(e, summary, one ? text.body : (e.text ?? text.body)),
        ...(resolved ? {} : { startsAt: message.createdAt }),
        endsAt: new Date(now.getTime() + (resolved ? 0 : validForMs)).toISOString(),
        // Alertmanager's UI links an alert's source: here, the app opened on the asset.
        ...(e.link !== null ? { generatorURL: e.link } : {}),
      }
    })
}

/** An alert instance still firing on trusted data (a stale or failed poll does not end it). */
export function isFiring(instance: AlertInstance): boolean {
  return (instance.phase ?? instance.state) === 'firing'
}

/**
 * The re-post of one poll, for one Alertmanager contact point: every instance firing whose news
 * was told (one held back — cooldown, disagreeing figures, flapping — waits for its message), as
 * postable alerts with endsAt = now + validForMs. The caller passes the (instance, rule) pairs
 * routed to that contact point and POSTs the result with postAlerts (alertmanager.ts) once per
 * poll; an empty list needs no request.
 */
export function repostableAlerts(
  firing: ReadonlyArray<{ instance: AlertInstance; rule: AlertRule }>,
  now: Date,
  validForMs = DEFAULT_ALERT_VALID_FOR_MS,
): PostableAlert[] {
  return firing
    .filter(({ instance }) => isFiring(instance) && instance.heldBack === null)
    .map(({ instance, rule }) => ({
      labels: labels(rule.name, instance.symbol, rule.id, rule.severity),
      annotations: {
        summary: `${instance.symbol}: ${rule.name}`,
        description: instance.detail ?? `${instance.symbol}: ${rule.name} is firing.`,
        ...(instance.lastValue !== null ? { value: String(instance.lastValue) } : {}),
      },
      ...(instance.firedAt !== null ? { startsAt: instance.firedAt } : {}),
      endsAt: new Date(now.getTime() + validForMs).toISOString(),
      generatorURL: `liquidity-watch://asset/${encodeURIComponent(instance.symbol)}`,
    }))
}
