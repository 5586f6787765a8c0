// The decide stage: per cycle, which alert events become a desktop notification. Each candidate
// meets the guards (guards.ts); the rest are news, held for a digest in quiet hours or a pause,
// else sent (several at once as one digest). Held alerts meet the rules as they are when the hold
// ends (release.ts).
import type {
  AlertEvent,
  HeldBackReason,
  NotificationDecision,
} from '../../../../shared/alert-rules'
import type { AwayDigest } from '../../../../shared/away-digest'
import { utcTime, type UtcOffset } from '../../../../shared/local-time'
import { instanceKey } from '../engine-state'
import {
  aboutEvents,
  digestBody,
  digestTitle,
  logEntry,
  single,
  type TextTime,
} from '../text/notification-text'
import {
  DISABLED_NOTE,
  heldBody,
  heldLog,
  heldNote,
  heldTitle,
  releasedTitle,
  type ReleaseVerdict,
} from '../text/notes'
import { holdReason, type NotifyPrefs } from './quiet-hours'
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
  /** Ids of held alerts their instance would owe again (pace/owed.ts owedAgain). */
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
  /** Alerts that reached the user now (their instance's lastNotifiedAt). */
  notified: AlertEvent[]
  /** Alerts sent or queued for a digest now: their instance's cooldown restarts. */
  out: AlertEvent[]
  /** Event id → why it was withheld: owed to the user once the reason clears. */
  withheld: Map<string, HeldBackReason>
  /** After being away: what crossed meanwhile (for the panel), else null. */
  away: AwayDigest | null
  /** Held alerts released only to be owed again by their instance (pace/owed.ts settleOwed). */
  reowed: AlertEvent[]
}

/** Enough to bound the state file through a long pause; the digest still counts the rest. */
const MAX_HELD = 200

/** The candidates sorted by the guards: what is news now, and what was stopped and why. */
interface Sorted {
  decisions: NotificationDecision[]
  suppressed: Suppression[]
  withheld: Map<string, HeldBackReason>
  onceSent: Record<string, string>
  /** What the user would be told were notifications on and not held: the away digest's list. */
  news: AlertEvent[]
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

function digestOf({ away, now }: NotifyInput, news: AlertEvent[]): AwayDigest | null {
  return away ? awayDigest(away.spell, now, news, away.still, away.tz) : null
}

/** News in quiet hours or a pause: queued for the digest when the hold ends. */
function holdNews(hold: TimeHold, input: NotifyInput, s: Sorted, at: string): NotifyOutput {
  const news = s.passed
  const queued = [...input.held, ...news.map((event) => ({ reason: hold, event }))]
  const waiting = queued.length + input.heldOverflow
  const over = Math.max(0, queued.length - MAX_HELD)
  const decision: NotificationDecision = {
    status: 'held',
    reason: hold,
    note: heldNote(hold, waiting),
    title: heldTitle(hold),
    body: heldBody(hold, waiting),
    eventIds: news.map((e) => e.id),
  }
  const held = news.length > 0 ? [decision] : []
  return {
    decisions: [...suppressedDecisions(s.suppressed), ...s.decisions, ...held],
    events: news.map((e) => logEntry('held', e, heldLog(hold), input.newId(), at)),
    onceSent: s.onceSent,
    held: queued.slice(over),
    heldOverflow: input.heldOverflow + over,
    notified: [],
    out: news,
    withheld: s.withheld,
    away: digestOf(input, s.news),
    reowed: [],
  }
}

/** What goes out now: the away digest, the digest after a hold (`overflow` set), one alert, or several. */
function sent(
  all: AlertEvent[],
  overflow: number | null,
  digest: AwayDigest | null,
  disagreements: ReadonlyMap<string, string>,
  text: TextTime,
): NotificationDecision[] {
  if (digest !== null && all.length > 0) return [awayDecision(digest, all, disagreements, text)]
  const [only] = all
  if (overflow === null && all.length === 1 && only !== undefined)
    return [single(only, disagreements.get(only.id) ?? null, text)]
  const n = all.length + (overflow ?? 0)
  if (n === 0) return []
  const title = overflow === null ? digestTitle(n) : releasedTitle(n)
  return [
    { status: 'sent', title, body: digestBody(all, overflow ?? 0, text), ...aboutEvents(all) },
  ]
}

/** Outside a hold: the held alerts are released (if any) and the news goes out. */
function release(input: NotifyInput, s: Sorted, at: string): NotifyOutput {
  const { now, prefs } = input
  const anyHeld = input.held.length > 0 || input.heldOverflow > 0
  const r = anyHeld && prefs.notificationsEnabled ? releaseHeld({ ...input, at }) : null
  // Notifications turned off: what was held is dropped (and nothing new passed the guards).
  const off = input.held.map((h): Suppression => {
    return { reason: 'disabled', note: DISABLED_NOTE, id: h.event.id }
  })
  const unsent = r?.suppressed ?? off
  const delivered = r?.deliver.map((h) => h.event) ?? []
  const digest = digestOf(input, [...delivered, ...s.news])
  const text: TextTime = { now, tz: prefs.utcOffset ?? utcTime }
  const overflow = r === null ? null : input.heldOverflow
  const out = sent([...delivered, ...s.passed], overflow, digest, s.disagreements, text)
  const notified = [...s.passed, ...delivered]
  return {
    decisions: [
      ...suppressedDecisions([...s.suppressed, ...unsent]),
      ...s.decisions,
      ...(r?.decisions ?? []),
      ...out,
    ],
    events: r?.events ?? [],
    onceSent: s.onceSent,
    held: [],
    heldOverflow: 0,
    notified,
    out: notified,
    withheld: s.withheld,
    away: digest,
    reowed: r?.reowed ?? [],
  }
}

export function decideNotifications(input: NotifyInput): NotifyOutput {
  const at = input.now.toISOString()
  const hold = holdReason(input.now, input.prefs)
  const s = sortCandidates(input)
  return hold !== null ? holdNews(hold, input, s, at) : release(input, s, at)
}
