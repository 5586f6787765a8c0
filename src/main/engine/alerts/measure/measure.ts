// The measure stage: one trusted reading judged against a rule condition by its kind's module
// (alerts/conditions); what each input means is on MeasureInput.
import type { AlertCondition } from '../../../../shared/alert-rules'
import type { SeriesPoint } from '../../../../shared/liquidity-schemas'
import type { MeasureInput } from '../conditions/kind'
import { engineKind } from '../conditions/registry'
import type { IssuerWindows, Measurement, NoVerdict } from '../model'

export function measure(
  symbol: string,
  reading: MeasureInput['reading'],
  c: AlertCondition,
  rearmMarginPct: number,
  poolRef: number | null = null,
  flows: MeasureInput['flows'] = {},
  issuers: IssuerWindows = {},
  series: readonly SeriesPoint[] = [],
): Measurement | NoVerdict {
  const input = { symbol, reading, condition: c, rearmMarginPct, poolRef, flows, issuers, series }
  return engineKind(c).measure(input)
}
