// The decide stage: per cycle, which alert events become a desktop notification. Each candidate
// meets the guards (guards.ts: suppressed — backfill, disabled, snoozed, once, paced — or held for
// disagreeing figures); the rest are news, held for a digest in quiet hours or a pause, else sent,
// several at once as one digest. Held alerts meet the rules as they are when the hold ends
// (release.ts).
import type {
  AlertEvent,
  HeldBackReason,
  NotificationDecision,
} from '../../../../shared/alert-rules'
import { instanceKey } from '../engine-state'
import { DISABLED_NOTE, heldNote, type ReleaseVerdict } from '../text/notes'
import {
  aboutEvents,
  digestBody,
  digestTitle,
  logEntry,
  single,
  type TextTime,
} from '../text/notification-text'
import { heldBody, heldLog, heldTitle, releasedTitle } from '../text/held'
import { holdReason, type NotifyPrefs } from './quiet-hours'
import type { AwayDigest } from '../../../../shared/away-digest'
import { utcTime, type UtcOffset } from '../../../../shared/local-time'
import { awayDecision, awayDigest, type AwaySpell, type StillFiring } from './away'
import { firstStop, isHeldBack } from './guards'
import { heldForReview, releaseHeld } from './release'
import { suppressedDecisions, type Suppression } from './suppressed'
import type { Candidate, HeldEvent, TimeHold } from '../model'

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
   * Held alerts on disagreeing figures that their instance would owe again (still true, nothing
   * else owed), by event id: released after the user stopped wanting such alerts, they are held.
   */
  reowable: ReadonlySet<string>
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
  /** Held alerts released only to be owed again by their instance (pace/owed.ts settleOwed). */
  reowed: AlertEvent[]
}

/** Enough to bound the state file through a long pause; the digest still counts the rest. */
export const MAX_HELD = 200

/** The candidates sorted by the guards: what is news now, and what was stopped and why. */
interface Sorted {
  decisions: NotificationDecision[]
  suppressed: Suppression[]
  withheld: Map<string, HeldBackReason>
  onceSent: Record<string, string>
  /** What the user would be told now were notifications on and not held: the away digest's list. */
  news: AlertEvent[]
  /** News that passed every guard. */
  passed: AlertEvent[]
  disagreements: Map<string, string>
}

function sortCandidates(input: NotifyInput): Sorted {
  const s: Sorted = {
    decisions: [],
    suppressed: [],
    withheld: new Map(),
    onceSent: { ...input.onceSent },
    news: [],
    passed: [],
    disagreements: new Map(),
  }
  for (const c of input.candidates) {
    const e = c.event
    const stop = firstStop(c, { ...input, onceSent: s.onceSent })
    if (stop === null) {
      // A held notification counts as sent for 'once': the digest will carry it.
      if (c.once) s.onceSent[instanceKey(e.ruleId, e.symbol)] = c.fingerprint
      if (c.disagreement !== null) s.disagreements.set(e.id, c.disagreement)
      s.news.push(e)
      s.passed.push(e)
      continue
    }
    if (stop.reason === 'disabled') s.news.push(e)
    if (isHeldBack(stop.reason)) s.withheld.set(e.id, stop.reason)
    if (stop.status === 'suppressed') s.suppressed.push({ ...stop, id: e.id })
    else s.decisions.push(heldForReview(e, stop.note, stop.body))
  }
  return s
}

/** News in quiet hours or a pause: queued for the digest when the hold ends. */
function holdNews(hold: TimeHold, news: AlertEvent[], input: NotifyInput, at: string) {
  const queued = [...input.held, ...news.map((event) => ({ reason: hold, event }))]
  const events = news.map((e) => logEntry('held', e, heldLog(hold), input.newId(), at))
  const waiting = queued.length + input.heldOverflow
  const decision: NotificationDecision = {
    status: 'held',
    reason: hold,
    note: heldNote(hold, waiting),
    title: heldTitle(hold),
    body: heldBody(hold, waiting),
    eventIds: news.map((e) => e.id),
  }
  const over = Math.max(0, queued.length - MAX_HELD)
  const held = queued.slice(over)
  return {
    events,
    decisions: news.length > 0 ? [decision] : [],
    held,
    heldOverflow: input.heldOverflow + over,
  }
}

/** What goes out now: the away digest, the digest after a hold, one alert, or several. */
function sent(
  all: AlertEvent[],
  afterHold: { overflow: number } | null,
  digest: AwayDigest | null,
  disagreements: ReadonlyMap<string, string>,
  text: TextTime,
): NotificationDecision[] {
  if (digest !== null && all.length > 0) return [awayDecision(digest, all, disagreements, text)]
  if (afterHold !== null) {
    const n = all.length + afterHold.overflow
    if (n === 0) return []
    const title = releasedTitle(n)
    return [
      {
        status: 'sent',
        title,
        body: digestBody(all, afterHold.overflow, text),
        ...aboutEvents(all),
      },
    ]
  }
  const [only] = all
  if (all.length === 1 && only !== undefined)
    return [single(only, disagreements.get(only.id) ?? null, text)]
  if (all.length === 0) return []
  const title = digestTitle(all.length)
  return [{ status: 'sent', title, body: digestBody(all, 0, text), ...aboutEvents(all) }]
}

/** After being away: what crossed meanwhile, from what the user would be told now. */
function digestOf({ away, now }: NotifyInput, news: AlertEvent[]): AwayDigest | null {
  return away ? awayDigest(away.spell, now, news, away.still, away.tz) : null
}

export function decideNotifications(input: NotifyInput): NotifyOutput {
  const { now, prefs } = input
  const at = now.toISOString()
  const hold = holdReason(now, prefs)
  const s = sortCandidates(input)
  const keys = (es: AlertEvent[]): string[] => es.map((e) => instanceKey(e.ruleId, e.symbol))
  if (hold !== null) {
    const h = holdNews(hold, s.passed, input, at)
    const digest = digestOf(input, s.news)
    return {
      ...h,
      decisions: [...suppressedDecisions(s.suppressed), ...s.decisions, ...h.decisions],
      onceSent: s.onceSent,
      notifiedKeys: [],
      withheld: s.withheld,
      outKeys: keys(s.passed),
      away: digest,
      reowed: [],
    }
  }
  return release(input, s, at, keys)
}

/** Outside a hold: the held alerts are released (if any) and the news goes out. */
function release(
  input: NotifyInput,
  s: Sorted,
  at: string,
  keys: (es: AlertEvent[]) => string[],
): NotifyOutput {
  const { now, prefs } = input
  const text: TextTime = { now, tz: prefs.utcOffset ?? utcTime }
  const anyHeld = input.held.length > 0 || input.heldOverflow > 0
  const r = anyHeld && prefs.notificationsEnabled ? releaseHeld({ ...input, at }) : null
  const suppressed = [...s.suppressed, ...(r?.suppressed ?? [])]
  if (anyHeld && r === null)
    for (const h of input.held)
      suppressed.push({ reason: 'disabled', note: DISABLED_NOTE, id: h.event.id })
  const delivered = r?.deliver.map((h) => h.event) ?? []
  const news = [...delivered, ...s.news]
  const digest = digestOf(input, news)
  const all = [...delivered, ...s.passed]
  const afterHold = r === null ? null : { overflow: input.heldOverflow }
  const out = sent(r === null && anyHeld ? [] : all, afterHold, digest, s.disagreements, text)
  const notified = keys([...s.passed, ...delivered])
  return {
    decisions: [
      ...suppressedDecisions(suppressed),
      ...s.decisions,
      ...(r?.decisions ?? []),
      ...out,
    ],
    events: r?.events ?? [],
    onceSent: s.onceSent,
    held: [],
    heldOverflow: 0,
    notifiedKeys: notified,
    withheld: s.withheld,
    outKeys: notified,
    away: digest,
    reowed: r?.reowed ?? [],
  }
}
