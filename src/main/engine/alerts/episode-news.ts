// What the user has been told about an episode, and what is still owed: news withheld for a reason
// that may clear (figures that disagree) is told once it clears, if it is still true by then.
import type { AlertEvent } from '../../../shared/alert-rules'
import type { InstanceRecord, Owed } from './engine-state'
import type { Measurement, NoVerdict } from './measure'
import { DISAGREE_NOTE, UNTOLD_RECOVERY_NOTE } from './notes'
import type { Withhold } from './notify'
import type { Target } from './rules'
import { draft, type DraftEvent } from './transitions'

/**
 * Owed news that can be told now: 'fired' while the episode still breaches on figures the user may
 * be told about, 'resolved' while it is still over. Owed news that stopped being true is forgotten.
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
  return draft('resolved', t, at, `${t.symbol} ${verdict.subject} recovered`, verdict)
}

/** Why a new event must not reach the user now, or null. `prev` is the record before this cycle. */
export function withholdFor(
  e: AlertEvent,
  prev: InstanceRecord | undefined,
  disagreement: string | null,
  notifyUnverified: boolean,
): Withhold | null {
  // The end of an episode the user never heard of is no news either.
  if (e.type === 'resolved' && prev?.owed?.type === 'fired') {
    return {
      reason: prev.owed.why,
      body: 'the alert it ends was never notified',
      note: UNTOLD_RECOVERY_NOTE,
    }
  }
  if (!e.verified && !notifyUnverified && disagreement !== null) {
    return { reason: 'figures-disagree', body: disagreement, note: DISAGREE_NOTE }
  }
  return null
}

/** What stays owed after a withheld event: its news, unless it ended an episode never told. */
export function owedAfter(
  e: AlertEvent,
  w: Withhold,
  prev: InstanceRecord | undefined,
): Owed | null {
  if (e.type === 'resolved' && prev?.owed?.type === 'fired') return null
  if (e.type !== 'fired' && e.type !== 'resolved') return prev?.owed ?? null
  return { type: e.type, why: w.reason }
}
