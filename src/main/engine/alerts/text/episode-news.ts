// What the user has been told about an episode, and what is still owed: news withheld for a reason
// that clears (figures that disagree, the cooldown, flapping) is told once it clears, if it is
// still true by then; news that stopped being true meanwhile is forgotten.
import type { AlertEvent } from '../../../../shared/alert-rules'
import { DISAGREE_NOTE, untoldRecoveryNote } from './notes'
import { recoveredText } from './recovery'
import type { Target } from '../rules'
import { draft } from '../transition/transitions'
import type { DraftEvent, InstanceRecord, Measurement, NoVerdict, Owed, Withhold } from '../model'

type Draft = Pick<AlertEvent, 'type' | 'verified' | 'durationMs'>

/**
 * Owed news that can be told now: 'fired' while the episode still breaches on figures the user may
 * be told about, 'resolved' while it is still over. Owed news that stopped being true is dropped.
 */
export function catchUp(
  record: InstanceRecord,
  t: Target,
  verdict: Measurement | NoVerdict,
  now: Date,
  notifyUnverified: boolean,
): DraftEvent | null {
  const owed = record.owed
  if (owed === null) return null
  const firing = record.phase === 'firing'
  if ((owed.type === 'fired') !== firing) {
    record.owed = null
    return null
  }
  if (verdict.kind !== 'measured' || !(verdict.verified || notifyUnverified)) return null
  const at = now.toISOString()
  if (owed.type === 'fired') {
    return verdict.breach ? draft('fired', t, at, verdict.headline, verdict) : null
  }
  // Said as when it happened (with the episode's length), however late it is told.
  const message = recoveredText(t.symbol, verdict.subject, owed.durationMs)
  return draft('resolved', t, at, message, verdict, owed.durationMs)
}

/** Why a new event must not reach the user on account of its data, or null. */
export function dataWithhold(
  e: Draft,
  prev: InstanceRecord | undefined,
  disagreement: string | null,
  notifyUnverified: boolean,
): Withhold | null {
  // The end of an episode the user never heard of is no news either.
  if (e.type === 'resolved' && prev?.owed?.type === 'fired') {
    const why = prev.owed.why
    return {
      reason: why,
      body: 'the alert it ends was never notified',
      note: untoldRecoveryNote(why),
    }
  }
  if (!e.verified && !notifyUnverified && disagreement !== null) {
    return { reason: 'figures-disagree', body: disagreement, note: DISAGREE_NOTE }
  }
  return null
}

/**
 * What is owed after a withheld event. Owed news is the difference between what the user was last
 * told and what is true: a withheld 'resolved' after an untold 'fired' (or the reverse) cancels out.
 */
export function owedAfter(
  e: Draft,
  w: Withhold,
  prev: InstanceRecord | undefined,
  current: Owed | null,
): Owed | null {
  if (e.type !== 'fired' && e.type !== 'resolved') return current
  const before = prev?.owed ?? null
  if (before !== null && before.type !== e.type) return null
  const lasted = e.type === 'resolved' && e.durationMs !== undefined
  return lasted
    ? { type: e.type, why: w.reason, durationMs: e.durationMs }
    : { type: e.type, why: w.reason }
}
