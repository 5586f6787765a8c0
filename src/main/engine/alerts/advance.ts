// One (rule, symbol) for one cycle: its step through the episode, flap tracking, and which of its
// events may reach the user now (data that disagrees, flapping, the cooldown), including news owed
// from earlier cycles and the flapping notices.
import { localWhen, type UtcOffset } from '../../../shared/local-time'
import { cooldownUntil } from './cooldown'
import { catchUp, dataWithhold } from './text/episode-news'
import { issuerLeftNotice } from './issuer-left'
import { flapFound, flapNotice, restartFlapTracking, trackFlapping } from './flapping'
import { FLAPPING_NOTE, cooldownNote, flapWaitNote, notJudgedDetail } from './text/notes'
import type { Withhold } from './notify'
import type { Target } from './rules'
import { step, type DraftEvent } from './transitions'
import type { Absence, InstanceRecord, Measurement, NoVerdict, Screened } from './model'

export interface Drafted {
  draft: DraftEvent
  withhold: Withhold | null
}

export interface AdvanceContext {
  now: Date
  notifyUnverified: boolean
  /** Parts missing from a trusted reading now; null when there was no trusted reading. */
  absences: Absence[] | null
  /** The user's time zone, for the times in notes and notices. */
  tz: UtcOffset
}

/**
 * Figures that disagree (reported vs computed change) are no verdict: neither can be trusted, so
 * they move nothing (no pending step, no confirmation, no recovery) unless the user asked to be
 * told of such alerts (notifyUnverified). The instance says why it was not judged.
 */
function trustedVerdict(
  verdict: Measurement | NoVerdict | Screened,
  notifyUnverified: boolean,
): Measurement | NoVerdict | Screened {
  if (verdict.kind !== 'measured' || verdict.verified || notifyUnverified) return verdict
  return { kind: 'nodata', detail: notJudgedDetail(verdict.status) }
}

export function advance(
  prev: InstanceRecord | undefined,
  t: Target,
  measured: Measurement | NoVerdict | Screened,
  { now, notifyUnverified, absences, tz }: AdvanceContext,
): { record: InstanceRecord; drafted: Drafted[] } {
  const verdict = trustedVerdict(measured, notifyUnverified)
  const { record, drafts } = step(prev, t, verdict, now)
  if (verdict !== measured) record.verified = false
  if (record.fingerprint !== t.fingerprint) restartFlapTracking(record, t.fingerprint)
  if (verdict.kind === 'measured') trackFlapping(record, verdict)
  const until = cooldownUntil(record, t.rule, now)
  const disagreement = verdict.kind === 'measured' ? verdict.disagreement : null
  const quiet = record.flapping || record.flapAnnounced

  const drafted: Drafted[] = []
  if (drafts.some((d) => d.type === 'fired' || d.type === 'resolved')) record.owed = null
  // step() drafts at most one event a cycle; it is withheld for its data, flapping or the cooldown.
  for (const d of drafts) {
    let withhold = dataWithhold(d, prev, disagreement, notifyUnverified)
    if (withhold === null && quiet)
      withhold = { reason: 'flapping', body: d.message, note: FLAPPING_NOTE }
    if (withhold === null && until !== null) {
      const when = localWhen(new Date(until), now, tz)
      const note = cooldownNote(t.rule.name, t.rule.cooldownMinutes, when)
      withhold = { reason: 'cooldown', body: d.message, note }
    }
    drafted.push({ draft: d, withhold })
  }
  // The notices below go out only outside the cooldown, and only when no event of this cycle
  // did: one notification per instance per cycle (a notice not sent now waits for a later one).
  let open = until === null && drafted.every((x) => x.withhold !== null)
  const left = issuerLeftNotice(record, t, absences, now, open, tz)
  if (left !== null) {
    drafted.push({ draft: left, withhold: null })
    open = false
  }
  if (verdict.kind !== 'measured') return { record, drafted }
  if (!open) {
    // Found inside the cooldown: recorded and shown now, notified once the cooldown ends.
    const found = until === null ? null : flapFound(record, t, verdict, now)
    if (found !== null && until !== null) {
      const note = flapWaitNote(
        t.rule.name,
        t.rule.cooldownMinutes,
        localWhen(new Date(until), now, tz),
      )
      drafted.push({ draft: found, withhold: { reason: 'cooldown', body: found.message, note } })
    }
    return { record, drafted }
  }

  const notice = flapNotice(record, t, verdict, now)
  if (notice !== null) {
    // The notice that it settled tells the current state: nothing older is owed.
    if (notice.type === 'flap-ended') record.owed = null
    drafted.push({ draft: notice, withhold: null })
  } else if (drafts.length === 0 && !quiet) {
    const late = catchUp(record, t, verdict, now, notifyUnverified)
    if (late !== null) drafted.push({ draft: late, withhold: null })
  }
  return { record, drafted }
}
