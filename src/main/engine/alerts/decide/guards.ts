// Why a candidate alert must not be notified now, as a list of guards in the shape of Mattermost's
// notification decision: each looks at one thing and returns a reason (with its plain note), or
// nothing; the first reason found is the decision. A candidate no guard stops is news.
import { HELD_BACK_REASONS, type HeldBackReason } from '../../../../shared/alert-facts'
import type { SuppressReason } from '../../../../shared/alert-rules'
import { instanceKey } from '../engine-state'
import {
  BACKFILL_NOTE,
  DISABLED_NOTE,
  ONCE_NOTE,
  ONCE_OTHER_NOTE,
  SEEDED_NOTE,
  snoozedNote,
} from '../text/notes'
import type { Candidate } from '../model'
import type { NotifyPrefs } from './quiet-hours'

export type Stop =
  | { status: 'suppressed'; reason: SuppressReason; note: string }
  /** Disagreeing figures are held for review (title and body say what); other pacing suppresses. */
  | { status: 'held'; reason: 'figures-disagree'; note: string; body: string }

export interface GuardContext {
  /** First cycle after a reset of the state: record, never notify (it may have been told before). */
  backfill: boolean
  prefs: NotifyPrefs
  /** 'once' rules: instance key → fingerprint of the rule when its notification went out. */
  onceSent: Readonly<Record<string, string>>
}

type Guard = (c: Candidate, ctx: GuardContext) => Stop | null

function suppressed(reason: SuppressReason, note: string): Stop {
  return { status: 'suppressed', reason, note }
}

const afterReset: Guard = (_c, ctx) => (ctx.backfill ? suppressed('backfill', BACKFILL_NOTE) : null)
const seeded: Guard = (c) => (c.seeded === true ? suppressed('backfill', SEEDED_NOTE) : null)
const turnedOff: Guard = (_c, ctx) =>
  ctx.prefs.notificationsEnabled ? null : suppressed('disabled', DISABLED_NOTE)
const snoozed: Guard = (c) =>
  c.snoozed ? suppressed('snoozed', snoozedNote(c.event.ruleName)) : null
const onceAlready: Guard = (c, ctx) => {
  if (!c.once) return null
  if (c.event.type !== 'fired') return suppressed('once-already-sent', ONCE_OTHER_NOTE)
  const sent = ctx.onceSent[instanceKey(c.event.ruleId, c.event.symbol)] === c.fingerprint
  return sent ? suppressed('once-already-sent', ONCE_NOTE) : null
}
/** Withheld by the pace stage (disagreeing figures, flapping, the cooldown): the news is owed. */
const withheld: Guard = (c) => {
  const w = c.withhold
  if (w === null) return null
  if (w.reason !== 'figures-disagree') return suppressed(w.reason, w.note)
  return { status: 'held', reason: w.reason, note: w.note, body: w.body }
}

const GUARDS: Guard[] = [afterReset, seeded, turnedOff, snoozed, onceAlready, withheld]

export function firstStop(c: Candidate, ctx: GuardContext): Stop | null {
  for (const guard of GUARDS) {
    const stop = guard(c, ctx)
    if (stop !== null) return stop
  }
  return null
}

/** A stop the pace stage asked for: its news is owed until the reason clears. */
export function isHeldBack(reason: Stop['reason']): reason is HeldBackReason {
  return (HELD_BACK_REASONS as readonly string[]).includes(reason)
}
