// Decides, per cycle, which alert events become a desktop notification: suppressed (backfill,
// disabled, snoozed, once), held for quiet hours/pause, or sent — several at once as one digest.
import type { AlertEvent, NotificationDecision } from '../../../shared/alert-rules'
import { instanceKey, type HeldEvent } from './engine-state'
import { holdReason, type NotifyPrefs } from './quiet-hours'

export interface Candidate {
  event: AlertEvent
  snoozed: boolean
  once: boolean
  fingerprint: string
}

export interface NotifyInput {
  now: Date
  prefs: NotifyPrefs
  /** First cycle of a fresh state: record, never notify (no replay of what happened before). */
  backfill: boolean
  candidates: Candidate[]
  onceSent: Record<string, string>
  held: HeldEvent[]
  heldOverflow: number
  newId: () => string
}

export interface NotifyOutput {
  decisions: NotificationDecision[]
  /** 'held' and 'delivered' log entries. */
  events: AlertEvent[]
  onceSent: Record<string, string>
  held: HeldEvent[]
  heldOverflow: number
  /** Instance keys whose alert reached the user now (sets lastNotifiedAt). */
  notifiedKeys: string[]
}

type SuppressReason = Extract<NotificationDecision, { status: 'suppressed' }>['reason']

/** Enough to bound the state file through a long pause; the digest still counts the rest. */
export const MAX_HELD = 200
const DIGEST_LINES = 6

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

function digestBody(events: AlertEvent[], extra: number): string {
  const lines = events.slice(0, DIGEST_LINES).map((e) => `• ${e.message}`)
  const more = events.length - lines.length + extra
  if (more > 0) lines.push(`… and ${more} more`)
  return lines.join('\n')
}

function oneSymbol(events: AlertEvent[]): string | null {
  const symbols = new Set(events.map((e) => e.symbol))
  return symbols.size === 1 ? (events[0]?.symbol ?? null) : null
}

function single(e: AlertEvent): NotificationDecision {
  const note = e.verified
    ? ''
    : '\nThe service’s own change figure disagrees with ours; check the data.'
  return {
    status: 'sent',
    title: e.message,
    body: `Rule: ${e.ruleName}${note}`,
    symbol: e.symbol,
    eventIds: [e.id],
  }
}

function logEntry(
  type: 'held' | 'delivered',
  e: AlertEvent,
  text: string,
  id: string,
  at: string,
): AlertEvent {
  const { durationMs: _d, ...rest } = e
  return { ...rest, id, at, type, message: `${text}: ${e.message}` }
}

const holdText = { 'quiet-hours': 'quiet hours', paused: 'paused notifications' } as const

export function decideNotifications(input: NotifyInput): NotifyOutput {
  const { now, prefs } = input
  const at = now.toISOString()
  const hold = holdReason(now, prefs)
  const onceSent = { ...input.onceSent }
  let held = [...input.held]
  let heldOverflow = input.heldOverflow
  const suppressed = new Map<SuppressReason, string[]>()
  const events: AlertEvent[] = []
  const decisions: NotificationDecision[] = []
  const sendable: AlertEvent[] = []
  const heldNow: AlertEvent[] = []

  const suppress = (reason: SuppressReason, id: string): void => {
    suppressed.set(reason, [...(suppressed.get(reason) ?? []), id])
  }

  for (const c of input.candidates) {
    const key = instanceKey(c.event.ruleId, c.event.symbol)
    if (input.backfill) suppress('backfill', c.event.id)
    else if (!prefs.notificationsEnabled) suppress('disabled', c.event.id)
    else if (c.snoozed) suppress('snoozed', c.event.id)
    else if (c.once && (c.event.type !== 'fired' || onceSent[key] === c.fingerprint)) {
      suppress('once-already-sent', c.event.id)
    } else {
      // A held notification counts as sent for 'once': the digest will carry it.
      if (c.once) onceSent[key] = c.fingerprint
      if (hold === null) sendable.push(c.event)
      else {
        heldNow.push(c.event)
        held.push({ reason: hold, event: c.event })
        events.push(logEntry('held', c.event, `Held (${holdText[hold]})`, input.newId(), at))
      }
    }
  }
  for (const [reason, eventIds] of suppressed)
    decisions.push({ status: 'suppressed', reason, eventIds })

  if (hold !== null && heldNow.length > 0) {
    const waiting = held.length + heldOverflow
    decisions.push({
      status: 'held',
      reason: hold,
      title: `Notifications held (${holdText[hold]})`,
      body: `${plural(waiting, 'alert')} will be summarised when ${hold === 'paused' ? 'the pause' : 'quiet hours'} end${hold === 'paused' ? 's' : ''}.`,
      eventIds: heldNow.map((e) => e.id),
    })
  }
  if (held.length > MAX_HELD) {
    heldOverflow += held.length - MAX_HELD
    held = held.slice(held.length - MAX_HELD)
  }

  const notifiedKeys = sendable.map((e) => instanceKey(e.ruleId, e.symbol))
  if (hold === null && (held.length > 0 || heldOverflow > 0)) {
    if (!prefs.notificationsEnabled) {
      decisions.push({
        status: 'suppressed',
        reason: 'disabled',
        eventIds: held.map((h) => h.event.id),
      })
    } else {
      for (const h of held) {
        events.push(
          logEntry(
            'delivered',
            h.event,
            `Delivered after ${holdText[h.reason]}`,
            input.newId(),
            at,
          ),
        )
        notifiedKeys.push(instanceKey(h.event.ruleId, h.event.symbol))
      }
      const all = [...held.map((h) => h.event), ...sendable]
      decisions.push({
        status: 'sent',
        title: `While notifications were held: ${plural(all.length + heldOverflow, 'alert')}`,
        body: digestBody(all, heldOverflow),
        symbol: oneSymbol(all),
        eventIds: all.map((e) => e.id),
      })
    }
    held = []
    heldOverflow = 0
  } else if (sendable.length === 1) {
    decisions.push(single(sendable[0] as AlertEvent))
  } else if (sendable.length > 1) {
    decisions.push({
      status: 'sent',
      title: `${plural(sendable.length, 'Liquidity Watch alert')}`,
      body: digestBody(sendable, 0),
      symbol: oneSymbol(sendable),
      eventIds: sendable.map((e) => e.id),
    })
  }
  return { decisions, events, onceSent, held, heldOverflow, notifiedKeys }
}
