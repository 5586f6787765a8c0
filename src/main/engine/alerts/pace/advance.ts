// The pace stage for one (rule, symbol) and cycle: after the transition's step, flap tracking,
// what withholds its events (disagreeing data, flapping, the cooldown), owed news and the notices.
import { localWhen, type UtcOffset } from '../../../../shared/local-time'
import { cooldownUntil } from './cooldown'
import { dataWithhold, owedAfterDrafts, tellOwed } from './owed'
import { issuerLeftNotice } from './issuer-left'
import { flapFound, flapNotice, restartFlapTracking, trackFlapping } from './flapping'
import { FLAPPING_NOTE, cooldownNote, flapWaitNote, notJudgedDetail } from '../text/notes'
import { step } from '../transition/transitions'
import type {
  Absence,
  DraftEvent,
  InstanceRecord,
  Measurement,
  NoVerdict,
  Paced,
  Screened,
  Target,
  Withhold,
} from '../model'

interface AdvanceContext {
  now: Date
  notifyUnverified: boolean
  /** Parts missing from a trusted reading now; null when there was no trusted reading. */
  absences: Absence[] | null
  tz: UtcOffset
}

type Verdict = Measurement | NoVerdict | Screened

/** Figures that disagree move nothing unless the user asked to be told of such alerts. */
function trustedVerdict(verdict: Verdict, notifyUnverified: boolean): Verdict {
  if (verdict.kind !== 'measured' || verdict.verified || notifyUnverified) return verdict
  return { kind: 'nodata', detail: notJudgedDetail(verdict.status) }
}

/** The stepped record with this reading in its flap history (afresh when the rule was edited). */
function tracked(r: InstanceRecord, t: Target, verdict: Verdict, judged: boolean): InstanceRecord {
  const checked = judged ? r : { ...r, verified: false }
  const fresh =
    checked.fingerprint === t.fingerprint ? checked : restartFlapTracking(checked, t.fingerprint)
  return verdict.kind === 'measured' ? trackFlapping(fresh, verdict) : fresh
}

export function advance(
  prev: InstanceRecord | undefined,
  t: Target,
  measured: Verdict,
  ctx: AdvanceContext,
): Paced {
  const verdict = trustedVerdict(measured, ctx.notifyUnverified)
  const stepped = step(prev, t, verdict, ctx.now)
  const record = tracked(stepped.record, t, verdict, verdict === measured)
  const until = cooldownUntil(record, t.rule, ctx.now)
  const quiet = record.flapping || record.flapAnnounced
  const disagreement = verdict.kind === 'measured' ? verdict.disagreement : null
  const withholdOf = (d: DraftEvent): Withhold | null => {
    const data = dataWithhold(d, prev, disagreement, ctx.notifyUnverified)
    if (data !== null) return data
    if (quiet) return { reason: 'flapping', body: d.message, note: FLAPPING_NOTE }
    if (until === null) return null
    const when = localWhen(new Date(until), ctx.now, ctx.tz)
    const note = cooldownNote(t.rule.name, t.rule.cooldownMinutes, when)
    return { reason: 'cooldown', body: d.message, note }
  }
  const drafted = stepped.drafts.map((d) => ({ draft: d, withhold: withholdOf(d) }))
  const owed = owedAfterDrafts(record.owed, stepped.drafts)
  const mayCatchUp = stepped.drafts.length === 0 && !quiet
  return notices({ record: { ...record, owed }, drafted }, t, verdict, until, mayCatchUp, ctx)
}

/** Notices go out only outside the cooldown and when no event of this cycle did (one a cycle). */
function notices(
  { record, drafted }: Paced,
  t: Target,
  verdict: Verdict,
  until: string | null,
  mayCatchUp: boolean,
  ctx: AdvanceContext,
): Paced {
  const open = until === null && drafted.every((x) => x.withhold !== null)
  const left = issuerLeftNotice(record, t, ctx.absences, ctx.now, open, ctx.tz)
  const paced = { record: left.record, drafted: told(drafted, left.draft) }
  if (verdict.kind !== 'measured') return paced
  if (open && left.draft === null) return openNotices(paced, t, verdict, mayCatchUp, ctx)
  if (until === null) return paced
  // Found inside the cooldown: recorded and shown now, notified once the cooldown ends.
  const found = flapFound(paced.record, t, verdict, ctx.now)
  if (found.draft === null) return { ...paced, record: found.record }
  const when = localWhen(new Date(until), ctx.now, ctx.tz)
  const note = flapWaitNote(t.rule.name, t.rule.cooldownMinutes, when)
  const withhold: Withhold = { reason: 'cooldown', body: found.draft.message, note }
  return { record: found.record, drafted: [...paced.drafted, { draft: found.draft, withhold }] }
}

/** Outside the cooldown with nothing told yet: the flapping notices, or news owed from before. */
function openNotices(
  { record, drafted }: Paced,
  t: Target,
  verdict: Measurement,
  mayCatchUp: boolean,
  ctx: AdvanceContext,
): Paced {
  const notice = flapNotice(record, t, verdict, ctx.now)
  if (notice.draft !== null) {
    // The notice that it settled tells the current state: nothing older is owed.
    const owed = notice.draft.type === 'flap-ended' ? null : notice.record.owed
    return { record: { ...notice.record, owed }, drafted: told(drafted, notice.draft) }
  }
  if (!mayCatchUp) return { record: notice.record, drafted }
  const { record: r, late } = tellOwed(notice.record, t, verdict, ctx.now, ctx.notifyUnverified)
  return { record: r, drafted: told(drafted, late) }
}

/** A notice told now (none withholds it) after the cycle's events. */
function told(drafted: Paced['drafted'], notice: DraftEvent | null): Paced['drafted'] {
  return notice === null ? drafted : [...drafted, { draft: notice, withhold: null }]
}
