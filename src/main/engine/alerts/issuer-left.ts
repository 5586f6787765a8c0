// The notice a rule may ask for when an issuer or network stays missing from a symbol's data:
// once per absence, naming it, after pendingCycles trusted polls without it (at least 2).
import { missingPartPolls } from '../../../shared/alert-facts'
import type { UtcOffset } from '../../../shared/local-time'
import { absenceText, issuerLeftText } from './text/issuer-left'
import type { Target } from './rules'
import type { DraftEvent } from './transitions'
import type { Absence, InstanceRecord } from './model'

/**
 * Forget parts that came back (a new absence is news again); return the notice for absences that
 * persisted long enough and were not named yet, or null. `absences` null: no trusted reading now.
 */
export function issuerLeftNotice(
  r: InstanceRecord,
  t: Target,
  absences: Absence[] | null,
  now: Date,
  mayNotify: boolean,
  tz: UtcOffset,
): DraftEvent | null {
  if (absences === null) return null
  const absent = new Set(absences.flatMap((a) => a.keys))
  r.missingNamed = r.missingNamed.filter((k) => absent.has(k))
  if (!t.rule.notifyMissingIssuers || !mayNotify) return null
  const due = absences.filter(
    (a) =>
      a.polls >= missingPartPolls(t.rule.pendingCycles) &&
      !a.keys.every((k) => r.missingNamed.includes(k)),
  )
  if (due.length === 0) return null
  r.missingNamed = [...new Set([...r.missingNamed, ...due.flatMap((a) => a.keys)])]
  const lines = due.map((a) => absenceText(a, t.symbol, now, tz))
  const share = due.reduce((s, a) => s + (a.sharePct ?? 0), 0)
  return {
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
}
