// The notice a rule may ask for when an issuer or network stays missing from a symbol's data:
// once per absence, naming it, after pendingCycles trusted polls without it (at least 2).
import { missingPartPolls } from '../../../../shared/alert-facts'
import type { UtcOffset } from '../../../../shared/local-time'
import { absenceText, issuerLeftText } from '../text/issuer-left'
import type { Noticed } from './flapping'
import type { Absence, DraftEvent, InstanceRecord, Target } from '../model'

/** Forgets parts that came back; the notice for absences long enough and not named yet, or null. */
export function issuerLeftNotice(
  r: InstanceRecord,
  t: Target,
  absences: Absence[] | null,
  now: Date,
  mayNotify: boolean,
  tz: UtcOffset,
): Noticed {
  if (absences === null) return { record: r, draft: null }
  const absent = new Set(absences.flatMap((a) => a.keys))
  const named = r.missingNamed.filter((k) => absent.has(k))
  const record = { ...r, missingNamed: named }
  if (!t.rule.notifyMissingIssuers || !mayNotify) return { record, draft: null }
  const polls = missingPartPolls(t.rule.pendingCycles)
  const due = absences.filter((a) => a.polls >= polls && !a.keys.every((k) => named.includes(k)))
  if (due.length === 0) return { record, draft: null }
  const missingNamed = [...new Set([...named, ...due.flatMap((a) => a.keys)])]
  const lines = due.map((a) => absenceText(a, t.symbol, now, tz))
  const share = due.reduce((s, a) => s + (a.sharePct ?? 0), 0)
  const draft: DraftEvent = {
    at: now.toISOString(),
    type: 'issuer-left',
    ruleId: t.rule.id,
    ruleName: t.rule.name,
    symbol: t.symbol,
    message: issuerLeftText(t.symbol, lines),
    value: share,
    unit: 'share-pct',
    threshold: null,
    verified: true,
  }
  return { record: { ...record, missingNamed }, draft }
}
