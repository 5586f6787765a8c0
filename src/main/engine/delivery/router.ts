// Routing, pure: the pipeline's notifications of one poll ('sent' decisions and their events) to
// the desktop and to one message per contact point. A decision stays one notification wherever it
// goes (a grouped digest is one message per contact point, never one per event); each event goes
// where its rule says (rule.contactPoints, else the desktop and every default contact point) and
// to contact points whose minimum severity its rule's severity reaches. A contact point in its
// quiet hours gets the message held, then told with the others at the end (Outbox.releaseHeld).
import type { AlertEvent, AlertRule, NotificationDecision } from '../../../shared/alert-rules'
import {
  DEFAULT_SEVERITY,
  DESKTOP_CONTACT_POINT_ID,
  SEVERITIES,
  type ContactPoint,
  type Severity,
} from '../../../shared/contact-points'
import { localMinuteOfDay, type UtcOffset } from '../../../shared/local-time'
import { bareEvent, messageEvent, messageId } from './message-event'
import type { MessageEvent, MessageStatus, QueuedMessage } from './model'

export interface RouteInput {
  decisions: readonly NotificationDecision[]
  /** This poll's events and those told from earlier polls (held), by id. */
  events: readonly AlertEvent[]
  /** Each symbol's newest series date in this poll's data (YYYY-MM-DD): an event's dataDate. */
  dataDates?: ReadonlyMap<string, string>
  rules: readonly AlertRule[]
  /** Configured contact points (settings and the run's own); the desktop may be among them. */
  points: readonly ContactPoint[]
  now: Date
  utcOffset: UtcOffset
}

export interface Routes {
  /** The 'sent' decisions the desktop shows (in order). */
  desktop: NotificationDecision[]
  /** What the outbox queues, in decision order. */
  messages: QueuedMessage[]
}

type Sent = Extract<NotificationDecision, { status: 'sent' }>

interface Routed {
  event: MessageEvent
  severity: Severity
  to: readonly string[]
}

const rank = (s: Severity): number => SEVERITIES.indexOf(s)

/** Where a rule's news goes: its own list, else the desktop and every default contact point. */
export function destinations(
  rule: AlertRule | undefined,
  points: readonly ContactPoint[],
): string[] {
  if (rule?.contactPoints !== undefined) return rule.contactPoints
  return [DESKTOP_CONTACT_POINT_ID, ...points.filter((p) => p.isDefault).map((p) => p.id)]
}

function hhmm(t: string): number {
  const [h, m] = t.split(':').map(Number)
  return h! * 60 + m!
}

/** When the contact point's quiet hours end (ms), or null when it is not in them now. */
export function quietUntil(point: ContactPoint, now: Date, offset: UtcOffset): number | null {
  const q = point.quietHours
  if (q === null) return null
  const start = hhmm(q.start)
  const end = hhmm(q.end)
  const m = localMinuteOfDay(now, offset)
  const inside = start === end ? false : start < end ? m >= start && m < end : m >= start || m < end
  if (!inside) return null
  const minutes = (end - m + 1440) % 1440
  const startOfMinute = now.getTime() - (now.getTime() % 60_000)
  return startOfMinute + minutes * 60_000
}

function statusOf(events: readonly MessageEvent[]): MessageStatus {
  if (events.length > 1) return 'digest'
  const t = events[0]?.type
  return t === 'resolved' || t === 'flap-ended' ? 'resolved' : 'firing'
}

function routedEvents(d: Sent, input: RouteInput, rules: Map<string, AlertRule>): Routed[] {
  const byId = new Map(input.events.map((e) => [e.id, e]))
  const targets = d.targets ?? []
  return d.eventIds.map((id) => {
    const e = byId.get(id)
    if (e !== undefined) {
      const rule = rules.get(e.ruleId)
      return {
        event: messageEvent(e, rule, input.dataDates?.get(e.symbol) ?? null),
        severity: rule?.severity ?? DEFAULT_SEVERITY,
        to: destinations(rule, input.points),
      }
    }
    // Not in memory (told from an earlier poll): routed by the rules the decision names.
    const named = targets.map((t) => rules.get(t.ruleId))
    const known = named.filter((r): r is AlertRule => r !== undefined)
    const top = known.map((r) => r.severity).sort((a, b) => rank(b) - rank(a))[0]
    const to = known.length > 0 ? known.flatMap((r) => destinations(r, input.points)) : null
    return {
      event: bareEvent(
        id,
        d.symbol,
        d.asOf ?? null,
        d.symbol === null ? null : (input.dataDates?.get(d.symbol) ?? null),
      ),
      severity: top ?? DEFAULT_SEVERITY,
      to: to ?? destinations(undefined, input.points),
    }
  })
}

export function route(input: RouteInput): Routes {
  const rules = new Map(input.rules.map((r) => [r.id, r]))
  const points = new Map(input.points.map((p) => [p.id, p]))
  const desktopPoint = points.get(DESKTOP_CONTACT_POINT_ID)
  const desktopOn = desktopPoint === undefined || desktopPoint.enabled
  const out: Routes = { desktop: [], messages: [] }
  for (const d of input.decisions) {
    if (d.status !== 'sent') continue
    const routed = routedEvents(d, input, rules)
    // A notification about no event (a test, an away note) goes where a rule without a list goes.
    const all =
      routed.length > 0 ? routed.flatMap((r) => r.to) : destinations(undefined, input.points)
    const ids = [...new Set(all)]
    if (desktopOn && ids.includes(DESKTOP_CONTACT_POINT_ID)) out.desktop.push(d)
    for (const id of ids) {
      const point = points.get(id)
      if (point === undefined || !point.enabled || point.kind === 'desktop') continue
      const mine = routed.filter(
        (r) => r.to.includes(id) && rank(r.severity) >= rank(point.minSeverity),
      )
      if (routed.length > 0 && mine.length === 0) continue
      const events = mine.map((r) => r.event)
      const severity = mine.map((r) => r.severity).sort((a, b) => rank(b) - rank(a))[0]
      out.messages.push({
        kind: point.kind,
        holdUntil: quietUntil(point, input.now, input.utcOffset),
        message: {
          id: messageId(
            id,
            d.eventIds,
            d.eventIds.length === 0 ? `${d.title}\n${input.now.toISOString()}` : '',
          ),
          contactPointId: id,
          status: statusOf(events),
          severity: severity ?? DEFAULT_SEVERITY,
          title: d.title,
          body: d.body,
          events,
          createdAt: input.now.toISOString(),
        },
      })
    }
  }
  return out
}
