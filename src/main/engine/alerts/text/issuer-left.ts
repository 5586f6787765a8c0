// An issuer or network missing from a symbol's data: the row's problem and the 'issuer-left' notice.
import { localWhen, type UtcOffset } from '../../../../shared/local-time'
import type { Absence } from '../model'
import { formatAmount, formatPct } from './format'

/** The one wording of an absence (row problem and 'issuer-left' notice): "issuer Ondo missing from
 *  the latest data since 12:05 (last seen with $400K, 40.0 % of TSLA)". */
export function absenceText(a: Absence, symbol: string, now: Date, tz: UtcOffset): string {
  const share = a.sharePct === null ? '' : `, ${formatPct(a.sharePct)} of ${symbol}`
  const last = a.tvl === null ? '' : ` (last seen with ${formatAmount(a.tvl)}${share})`
  return `${a.label} missing from the latest data since ${localWhen(new Date(a.since), now, tz)}${last}`
}

/** The 'issuer-left' notice: "TSLA: issuer Ondo missing … . Changes are compared without it." */
export function issuerLeftText(symbol: string, absences: readonly string[]): string {
  return `${symbol}: ${absences.join('; ')}. Changes are compared without it.`
}
