// Decides, per cycle, which alert events become a desktop notification: suppressed (backfill,
// disabled, snoozed, once), held (quiet hours, pause, figures that disagree), or sent — several at
// once as one digest.
// Held alerts meet the rules as they are when the hold ends: a rule snoozed, turned off or deleted
// meanwhile gets no delivery.
import type {
  AlertEvent,
  HeldBackReason,
  NotificationDecision,
  SuppressReason,
} from '../../../shared/alert-rules'
import { instanceKey } from './engine-state'
import {
  BACKFILL_NOTE,
  SEEDED_NOTE,
  DISABLED_NOTE,
  ONCE_NOTE,
  ONCE_OTHER_NOTE,
  UNVERIFIED_GONE_NOTE,
  UNVERIFIED_RELEASE_NOTE,
  droppedNote,
  heldNote,
  snoozedNote,
  type ReleaseVerdict,
} from './text/notes'
import {
  aboutEvents,
  asOfField,
  digestBody,
  logEntry,
  digestTitle,
  single,
  type TextTime,
} from './text/notification-text'
import {
  deliveredLog,
  DISAGREE_HELD_BODY,
  DROPPED_DISAGREE_LOG,
  droppedLog,
  HELD_DISAGREE_LOG,
  heldBody,
  heldLog,
  heldTitle,
  releasedTitle,
} from './text/held'
import { holdReason, type NotifyPrefs } from './quiet-hours'
import type { AwayDigest } from '../../../shared/away-digest'
import { utcTime, type UtcOffset } from '../../../shared/local-time'
import { awayDecision, awayDigest, type AwaySpell, type StillFiring } from './away'
import type { HeldEvent } from './model'

/** An alert that must not reach the user now, and why (decided by the engine, which knows the data). */
export interface Withhold {
  reason: HeldBackReason
  /** Shown as the held decision's body: "figures disagree: service says +2.0 %, history says −30.1 %". */
  body: string
  note: string
}

export interface Candidate {
  event: AlertEvent
  snoozed: boolean
  once: boolean
  fingerprint: string
  /** Of an episode already under way at a fresh start: recorded, not notified (see InstanceRecord.seeded). */
  seeded?: boolean
  withhold: Withhold | null
  /** The figures' disagreement, to state in a notification the user opted in to (notifyUnverified). */
  disagreement: string | null
}

export interface NotifyInput {
  now: Date
  prefs: NotifyPrefs
  /** First cycle after a reset of the state: record, never notify (it may have been told before). */
  backfill: boolean
  candidates: Candidate[]
  onceSent: Record<string, string>
  held: HeldEvent[]
  heldOverflow: number
  newId: () => string
  /** What the rules say now about a held alert's (rule, symbol), when its hold ends. */
  release: (ruleId: string, symbol: string) => ReleaseVerdict
  /**
   * A held alert on disagreeing figures the user no longer wants told: keeps its news owed by its
   * instance (told once the figures agree) while it is still true; false when it is no longer news.
   */
  oweAgain: (e: AlertEvent) => boolean
  /** The first poll back after the user was away (away.ts): its news go out as one digest. */
  away?: { spell: AwaySpell; still: StillFiring[]; tz: UtcOffset } | null
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
  /** Event id → why it was withheld; the engine owes such news to the user once the reason clears. */
  withheld: Map<string, HeldBackReason>
  /** Instance keys with a notification sent or queued for a digest now: their cooldown restarts. */
  outKeys: string[]
  /** After being away: what crossed meanwhile (for the panel), null otherwise or when nothing did. */
  away: AwayDigest | null
}

/** Enough to bound the state file through a long pause; the digest still counts the rest. */
export const MAX_HELD = 200

export function decideNotifications(input: NotifyInput): NotifyOutput {
  const { now, prefs } = input
  const at = now.toISOString()
  const hold = holdReason(now, prefs)
  const text: TextTime = { now, tz: prefs.utcOffset ?? utcTime }
  const onceSent = { ...input.onceSent }
  let held = [...input.held]
  let heldOverflow = input.heldOverflow
  // Grouped by reason and note: one log line per distinct explanation.
  const suppressed = new Map<string, { reason: SuppressReason; note: string; ids: string[] }>()
  const events: AlertEvent[] = []
  const decisions: NotificationDecision[] = []
  const sendable: AlertEvent[] = []
  const heldNow: AlertEvent[] = []
  const withheld = new Map<string, HeldBackReason>()
  const disagreements = new Map<string, string>()
  /** What the user would be told now were notifications on and not held: the away digest's list. */
  const news: AlertEvent[] = []

  const suppress = (reason: SuppressReason, note: string, id: string): void => {
    const key = `${reason}\u0000${note}`
    const group = suppressed.get(key) ?? { reason, note, ids: [] }
    group.ids.push(id)
    suppressed.set(key, group)
  }

  for (const c of input.candidates) {
    const key = instanceKey(c.event.ruleId, c.event.symbol)
    if (input.backfill) suppress('backfill', BACKFILL_NOTE, c.event.id)
    else if (c.seeded === true) suppress('backfill', SEEDED_NOTE, c.event.id)
    else if (!prefs.notificationsEnabled) {
      suppress('disabled', DISABLED_NOTE, c.event.id)
      news.push(c.event)
    } else if (c.snoozed) suppress('snoozed', snoozedNote(c.event.ruleName), c.event.id)
    else if (c.once && (c.event.type !== 'fired' || onceSent[key] === c.fingerprint)) {
      suppress(
        'once-already-sent',
        c.event.type === 'fired' ? ONCE_NOTE : ONCE_OTHER_NOTE,
        c.event.id,
      )
    } else if (c.withhold !== null) {
      const w = c.withhold
      withheld.set(c.event.id, w.reason)
      // Disagreeing figures are held for review (title and body say what); pacing is suppression.
      if (w.reason === 'figures-disagree') {
        decisions.push({
          status: 'held',
          reason: w.reason,
          note: w.note,
          title: c.event.message,
          body: w.body,
          eventIds: [c.event.id],
          ...asOfField([c.event]),
        })
      } else suppress(w.reason, w.note, c.event.id)
    } else {
      // A held notification counts as sent for 'once': the digest will carry it.
      if (c.once) onceSent[key] = c.fingerprint
      if (c.disagreement !== null) disagreements.set(c.event.id, c.disagreement)
      news.push(c.event)
      if (hold === null) sendable.push(c.event)
      else {
        heldNow.push(c.event)
        held.push({ reason: hold, event: c.event })
        events.push(logEntry('held', c.event, heldLog(hold), input.newId(), at))
      }
    }
  }
  if (hold !== null && heldNow.length > 0) {
    const waiting = held.length + heldOverflow
    decisions.push({
      status: 'held',
      reason: hold,
      note: heldNote(hold, waiting),
      title: heldTitle(hold),
      body: heldBody(hold, waiting),
      eventIds: heldNow.map((e) => e.id),
    })
  }
  if (held.length > MAX_HELD) {
    heldOverflow += held.length - MAX_HELD
    held = held.slice(held.length - MAX_HELD)
  }

  // Built once, when first asked: after the held alerts' release has joined the news.
  let digestMemo: AwayDigest | null | undefined
  const awayNow = (): AwayDigest | null => {
    const a = input.away
    if (digestMemo === undefined)
      digestMemo = a ? awayDigest(a.spell, now, news, a.still, a.tz) : null
    return digestMemo
  }
  const notifiedKeys = sendable.map((e) => instanceKey(e.ruleId, e.symbol))
  const outKeys = [...notifiedKeys, ...heldNow.map((e) => instanceKey(e.ruleId, e.symbol))]
  if (hold === null && (held.length > 0 || heldOverflow > 0)) {
    if (!prefs.notificationsEnabled) {
      for (const h of held) suppress('disabled', DISABLED_NOTE, h.event.id)
    } else {
      const deliver: HeldEvent[] = []
      for (const h of held) {
        const verdict = input.release(h.event.ruleId, h.event.symbol)
        if (verdict === 'deliver' && !h.event.verified && !prefs.notifyUnverified) {
          // Queued while the user wanted such alerts; they no longer do. Still true: held as any
          // alert on disagreeing figures is (owed); else it is no news any more.
          if (input.oweAgain(h.event)) {
            decisions.push({
              status: 'held',
              reason: 'figures-disagree',
              note: UNVERIFIED_RELEASE_NOTE,
              title: h.event.message,
              body: DISAGREE_HELD_BODY,
              eventIds: [h.event.id],
              ...asOfField([h.event]),
            })
            events.push(logEntry('held', h.event, HELD_DISAGREE_LOG, input.newId(), at))
          } else {
            suppress('figures-disagree', UNVERIFIED_GONE_NOTE, h.event.id)
            events.push(logEntry('dropped', h.event, DROPPED_DISAGREE_LOG, input.newId(), at))
          }
          continue
        }
        if (verdict === 'deliver') {
          deliver.push(h)
          continue
        }
        const note = droppedNote(verdict, h.reason, h.event.ruleName, h.event.symbol)
        suppress(verdict, note, h.event.id)
        const text = droppedLog(verdict)
        events.push(logEntry('dropped', h.event, text, input.newId(), at))
      }
      for (const h of deliver) {
        events.push(logEntry('delivered', h.event, deliveredLog(h.reason), input.newId(), at))
        notifiedKeys.push(instanceKey(h.event.ruleId, h.event.symbol))
        outKeys.push(instanceKey(h.event.ruleId, h.event.symbol))
      }
      const all = [...deliver.map((h) => h.event), ...sendable]
      news.unshift(...deliver.map((h) => h.event))
      const digest = awayNow()
      if (digest !== null && all.length > 0)
        decisions.push(awayDecision(digest, all, disagreements, text))
      else if (all.length + heldOverflow > 0) {
        decisions.push({
          status: 'sent',
          title: releasedTitle(all.length + heldOverflow),
          body: digestBody(all, heldOverflow, text),
          ...aboutEvents(all),
        })
      }
    }
    held = []
    heldOverflow = 0
  } else if (sendable.length > 0 && awayNow() !== null) {
    decisions.push(awayDecision(awayNow() as AwayDigest, sendable, disagreements, text))
  } else if (sendable.length === 1) {
    const e = sendable[0] as AlertEvent
    decisions.push(single(e, disagreements.get(e.id) ?? null, text))
  } else if (sendable.length > 1) {
    decisions.push({
      status: 'sent',
      title: digestTitle(sendable.length),
      body: digestBody(sendable, 0, text),
      ...aboutEvents(sendable),
    })
  }
  const why: NotificationDecision[] = [...suppressed.values()].map(({ reason, note, ids }) => ({
    status: 'suppressed',
    reason,
    note,
    eventIds: ids,
  }))
  return {
    decisions: [...why, ...decisions],
    events,
    onceSent,
    held,
    heldOverflow,
    notifiedKeys,
    withheld,
    outKeys,
    away: awayNow(),
  }
}
