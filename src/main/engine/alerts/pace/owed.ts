// The owed-news protocol, in one place. News of an episode withheld for a reason that clears
// (figures that disagree, the cooldown, flapping) is owed by its instance and told once the reason
// clears, if it is still true by then; news that stopped being true is forgotten, and news told
// anew (a 'fired' or 'resolved', a 'flap-ended') settles what was owed. Each step returns the new
// `owed`, never changing a record; the words of what is told late are text/episode-news.ts'.
import type { AlertEvent } from '../../../../shared/alert-rules'
import { catchUp, dataWithhold, owedAfter } from '../text/episode-news'
import type {
  Candidate,
  DraftEvent,
  InstanceRecord,
  Measurement,
  NoVerdict,
  Owed,
  Target,
} from '../model'

export { dataWithhold }

const isNews = (type: AlertEvent['type']): type is 'fired' | 'resolved' =>
  type === 'fired' || type === 'resolved'

/** What a cycle's own events leave owed: a 'fired' or 'resolved' drafted now replaces older news. */
export function owedAfterDrafts(owed: Owed | null, drafts: readonly DraftEvent[]): Owed | null {
  return drafts.some((d) => isNews(d.type)) ? null : owed
}

/**
 * Owed news told now if it can be (catchUp): 'fired' while the episode still breaches on figures
 * the user may be told about, 'resolved' while it is still over; news no longer true is dropped.
 */
export function tellOwed(
  record: InstanceRecord,
  t: Target,
  verdict: Measurement | NoVerdict,
  now: Date,
  notifyUnverified: boolean,
): { record: InstanceRecord; late: DraftEvent | null } {
  const owed = record.owed
  const stillTrue = owed !== null && (owed.type === 'fired') === (record.phase === 'firing')
  const r = owed === null || stillTrue ? record : { ...record, owed: null }
  return { record: r, late: catchUp(r, t, verdict, now, notifyUnverified) }
}

/**
 * A held alert released on disagreeing figures the user no longer wants told: owed again by its
 * instance while still true ('fired' while firing, 'resolved' while not) and nothing else is owed;
 * null when it is no longer news.
 */
export function owedAgain(r: InstanceRecord | undefined, e: AlertEvent): Owed | null {
  if (r === undefined || !isNews(e.type)) return null
  const stillTrue = (e.type === 'fired') === (r.phase === 'firing')
  if (!stillTrue || (r.owed !== null && r.owed.type !== e.type)) return null
  return { type: e.type, why: 'figures-disagree' }
}

/**
 * After the decisions: what an instance owes, given the alerts released only to be owed again
 * (`reowed`) and its candidates of this cycle, in order: a withheld one is owed (owedAfter), one
 * that went its way settles what was owed.
 */
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
