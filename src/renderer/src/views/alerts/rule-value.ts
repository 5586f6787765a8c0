// An alert's value and threshold in the unit of its rule's condition: a change in percent, a TVL in
// dollars, a share in percent, a count in pools. The engine stores the bare number (lastValue);
// each kind says its unit and threshold wording (shared/conditions). Written as the notification
// writes them (shared/number-format.ts), so the Alerts view and the notification read the same.
import type { AlertCondition } from '../../../../shared/alert-rules'
import type { ConditionFormat, ValueUnit } from '../../../../shared/conditions/kind'
import { kindOf } from '../../../../shared/conditions/registry'
import { formatHhi } from '../../../../shared/hhi'
import { formatMoney, formatShare, formatSignedPct } from '../../../../shared/number-format'
import { fmtNum } from '../../lib/format'

// Thresholds beside the value, in the same hand (the money as the notification writes it).
const FORMAT: ConditionFormat = { money: formatMoney, num: fmtNum }

const pools = (n: number): string => `${fmtNum(n)} pool${n === 1 ? '' : 's'}`

const BY_UNIT: Record<ValueUnit, (v: number) => string> = {
  'signed-pct': formatSignedPct,
  money: formatMoney,
  'share-pct': formatShare,
  hhi: (v) => `HHI ${formatHhi(v)}`,
  pools,
}

/**
 * "−27.8 %", "$812K", "83.0 % share", "HHI 5,408", "1 pool"; "—" without a value. `unit`: the
 * value's own when it is not the kind's (a concentration alert over its HHI limit only).
 */
export function fmtRuleValue(
  c: AlertCondition | undefined,
  v: number | null,
  unit?: ValueUnit,
): string {
  if (v === null || !Number.isFinite(v)) return '—'
  return c === undefined ? fmtNum(v) : BY_UNIT[unit ?? kindOf(c).valueUnit](v)
}

/**
 * The threshold `t` (the rule's, or the symbol's own) as the value is compared with it: "−10 %";
 * `unit` 'hhi': the HHI limit a concentration alert is over, "HHI above 3,000".
 */
export function fmtRuleThreshold(c: AlertCondition, t: number, unit?: ValueUnit): string {
  if (unit === 'hhi') return `HHI above ${formatHhi(t)}`
  return kindOf(c).thresholdText(c, t, FORMAT)
}
