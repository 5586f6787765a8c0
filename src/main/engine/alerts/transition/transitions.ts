// One (rule, symbol) instance's step through OK → Pending → Firing → Resolved for one cycle.
import type { AlertEventType } from '../../../../shared/alert-rules'
import { instanceSchema } from '../../../../shared/alert-state'
import { firedHeadline, recoveredText } from '../text/episode'
import type {
  DraftEvent,
  InstanceRecord,
  Measurement,
  NoVerdict,
  Screened,
  Stepped,
  Target,
} from '../model'

const HOUR_MS = 3_600_000

/** A never-judged instance: what it shows, and the schema's defaults for the bookkeeping (parsed
 *  once: a parse per new instance was a tenth of a second at 1000 symbols). */
const BLANK = instanceSchema.parse({
  ruleId: '',
  symbol: '',
  state: 'ok',
  phase: 'ok',
  breachCount: 0,
  since: null,
  firedAt: null,
  lastNotifiedAt: null,
  lastAlertAt: null,
  lastValue: null,
  verified: true,
  detail: null,
  watchedSince: null,
})

export function blankRecord(ruleId: string, symbol: string): InstanceRecord {
  return { ...BLANK, ruleId, symbol, missingNamed: [] }
}

export function draft(
  type: AlertEventType,
  t: Target,
  at: string,
  message: string,
  m: Measurement,
  durationMs?: number,
): DraftEvent {
  const e: DraftEvent = {
    at,
    type,
    ruleId: t.rule.id,
    ruleName: t.rule.name,
    symbol: t.symbol,
    message,
    value: m.value,
    threshold: m.threshold,
    verified: m.verified,
  }
  if (durationMs !== undefined) e.durationMs = durationMs
  if (m.unit !== undefined) e.unit = m.unit
  if (type === 'resolved') e.recovery = `${t.symbol} ${m.recovery}`
  return e
}

/**
 * Advance one instance. Without a verdict (no data, error, stale) nothing moves: the pending count
 * neither grows nor resets and a firing episode stays open; only the shown state changes.
 */
export function step(
  prev: InstanceRecord | undefined,
  t: Target,
  verdict: Measurement | NoVerdict | Screened,
  now: Date,
): Stepped {
  const base = prev ?? blankRecord(t.rule.id, t.symbol)
  const at = now.toISOString()
  // Screened symbols are quiet ones (the plan fetches every episode under way): they stay 'ok'.
  if (verdict.kind === 'screened') {
    const state = base.phase === 'ok' ? 'ok' : 'stale'
    const watchedSince = base.watchedSince ?? at
    return { record: { ...base, state, detail: verdict.detail, watchedSince }, drafts: [] }
  }
  if (verdict.kind !== 'measured') {
    return { record: { ...base, state: verdict.kind, detail: verdict.detail }, drafts: [] }
  }
  const r: InstanceRecord = {
    ...base,
    lastValue: verdict.value,
    lastUnit: verdict.unit,
    verified: verdict.verified,
    detail: verdict.status,
    watchedSince: base.watchedSince ?? at,
  }
  const s = { base, r, t, m: verdict, now, at }
  return base.phase === 'firing' ? whileFiring(s) : whileQuiet(s)
}

/** One measured step: the record before, the record with this reading, and the reading. */
interface Step {
  base: InstanceRecord
  r: InstanceRecord
  t: Target
  m: Measurement
  now: Date
  at: string
}

/** A firing episode ends past the re-arm margin, or repeats while truly breaching. */
function whileFiring({ base, r, t, m, now, at }: Step): Stepped {
  if (m.clear) {
    // Found on the first trusted reading, it began before watching: how long it lasted is unknown.
    const underWayAtStart = base.since !== null && base.since === base.watchedSince
    const started = Date.parse(base.since ?? base.firedAt ?? at)
    const durationMs = underWayAtStart ? undefined : now.getTime() - started
    const message = recoveredText(t.symbol, m.subject, durationMs)
    const ended = { state: 'resolved', phase: 'ok', breachCount: 0, since: null } as const
    const record: InstanceRecord = { ...r, ...ended, firedAt: null, lastAlertAt: null }
    return { record, drafts: [draft('resolved', t, at, message, m, durationMs)] }
  }
  // Repeat only while truly breaching: inside the re-arm band the value is recovering.
  const last = Date.parse(base.lastAlertAt ?? base.firedAt ?? at)
  const due = now.getTime() - last >= t.rule.repeatHours * HOUR_MS
  if (t.rule.notify === 'every-time' && m.breach && due) {
    const record: InstanceRecord = { ...r, state: 'firing', lastAlertAt: at }
    return { record, drafts: [draft('repeated', t, at, m.ongoing, m)] }
  }
  return { record: { ...r, state: 'firing' }, drafts: [] }
}

/** OK → Pending (pendingCycles breaches in a row) → Firing. */
function whileQuiet({ base, r, t, m, at }: Step): Stepped {
  if (!m.breach) {
    return { record: { ...r, state: 'ok', phase: 'ok', breachCount: 0, since: null }, drafts: [] }
  }
  const breachCount = base.breachCount + 1
  const since = base.since ?? at
  if (breachCount < t.rule.pendingCycles) {
    return { record: { ...r, state: 'pending', phase: 'pending', breachCount, since }, drafts: [] }
  }
  const fired = { state: 'firing', phase: 'firing', firedAt: at, lastAlertAt: at } as const
  const record: InstanceRecord = { ...r, ...fired, breachCount, since }
  // Found on the first trusted reading (a new user, symbol or rule): not a drop that began now.
  const headline = firedHeadline(m.headline, since === r.watchedSince)
  return { record, drafts: [draft('fired', t, at, headline, m)] }
}
