// The owed-news protocol, in one place. News of an episode withheld for a reason that clears
// (figures that disagree, the cooldown, flapping) is owed by its instance and told once the reason
// clears, if it is still true then; news no longer true is forgotten, and news told anew (a 'fired'
// or 'resolved', a 'flap-ended') settles what was owed. Each step returns a new value.
import type { AlertEvent } from '../../../../shared/alert-rules'
import { DISAGREE_NOTE, untoldRecoveryNote } from '../text/notes'
import { recoveredText } from '../text/episode'
import { draft } from '../transition/transitions'
import type {
  Candidate,
  DraftEvent,
  InstanceRecord,
  Measurement,
  NoVerdict,
  Owed,
  Target,
  Withhold,
} from '../model'

type News = Pick<AlertEvent, 'type' | 'verified' | 'durationMs'>

const isNews = (type: AlertEvent['type']): type is 'fired' | 'resolved' =>
  type === 'fired' || type === 'resolved'

/** What a cycle's own events leave owed: a 'fired' or 'resolved' drafted now replaces older news. */
export function owedAfterDrafts(owed: Owed | null, drafts: readonly DraftEvent[]): Owed | null {
  return drafts.some((d) => isNews(d.type)) ? null : owed
}

/** Why a new event must not reach the user on account of its data, or null. */
export function dataWithhold(
  e: News,
  prev: InstanceRecord | undefined,
  disagreement: string | null,
  notifyUnverified: boolean,
): Withhold | null {
  // The end of an episode the user never heard of is no news either.
  if (e.type === 'resolved' && prev?.owed?.type === 'fired') {
    const why = prev.owed.why
    const body = 'the alert it ends was never notified'
    return { reason: why, body, note: untoldRecoveryNote(why) }
  }
  if (!e.verified && !notifyUnverified && disagreement !== null) {
    return { reason: 'figures-disagree', body: disagreement, note: DISAGREE_NOTE }
  }
  return null
}

/** Owed news told now if it can be (on figures the user may be told about); dropped once untrue. */
export function tellOwed(
  record: InstanceRecord,
  t: Target,
  verdict: Measurement | NoVerdict,
  now: Date,
  notifyUnverified: boolean,
): { record: InstanceRecord; late: DraftEvent | null } {
  const owed = record.owed
  if (owed === null) return { record, late: null }
  if ((owed.type === 'fired') !== (record.phase === 'firing'))
    return { record: { ...record, owed: null }, late: null }
  if (verdict.kind !== 'measured' || !(verdict.verified || notifyUnverified))
    return { record, late: null }
  const at = now.toISOString()
  if (owed.type === 'fired') {
    const late = verdict.breach ? draft('fired', t, at, verdict.headline, verdict) : null
    return { record, late }
  }
  // Said as when it happened (with the episode's length), however late it is told.
  const message = recoveredText(t.symbol, verdict.subject, owed.durationMs)
  return { record, late: draft('resolved', t, at, message, verdict, owed.durationMs) }
}

/** A held alert released on disagreeing figures the user no longer wants told: owed again while
 *  still true and nothing else is owed; null when it is no longer news. */
export function owedAgain(r: InstanceRecord | undefined, e: AlertEvent): Owed | null {
  if (r === undefined || !isNews(e.type)) return null
  const stillTrue = (e.type === 'fired') === (r.phase === 'firing')
  if (!stillTrue || (r.owed !== null && r.owed.type !== e.type)) return null
  return { type: e.type, why: 'figures-disagree' }
}

/**
 * What is owed after a withheld event: the difference between what the user was last told and what
 * is true, so a withheld 'resolved' after an untold 'fired' (or the reverse) cancels out.
 */
function owedAfter(e: News, w: Withhold, prev: InstanceRecord | undefined, current: Owed | null) {
  if (!isNews(e.type)) return current
  const before = prev?.owed ?? null
  if (before !== null && before.type !== e.type) return null
  const owed: Owed = { type: e.type, why: w.reason }
  return e.type === 'resolved' && e.durationMs !== undefined
    ? { ...owed, durationMs: e.durationMs }
    : owed
}

/** After the decisions: what an instance owes, given the alerts released only to be owed again and
 *  its candidates in order (a withheld one is owed, one that went its way settles the debt). */
export function settleOwed(
  record: InstanceRecord,
  prev: InstanceRecord | undefined,
  reowed: readonly AlertEvent[],
  candidates: readonly Candidate[],
  withheld: ReadonlyMap<string, unknown>,
): Owed | null {
  let owed = record.owed
  for (const e of reowed) owed = owedAgain({ ...record, owed }, e) ?? owed
  for (const c of candidates) {
    if (c.withhold !== null && withheld.has(c.event.id))
      owed = owedAfter(c.event, c.withhold, prev, owed)
    else if (isNews(c.event.type)) owed = null
  }
  return owed
}
