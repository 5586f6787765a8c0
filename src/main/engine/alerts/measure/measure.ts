// Judges one trusted reading against a rule condition: the measured value (like for like when
// parts of the symbol vanished), or no verdict when the figures cannot say. Each kind measures in
// its own module (alerts/conditions).
import type { AlertCondition } from '../../../../shared/alert-rules'
import type { FlowResult } from '../../../../shared/flow'
import type { SeriesPoint } from '../../../../shared/liquidity-schemas'
import { engineKind } from '../conditions/registry'
import type { IssuerWindows, Measurement, NoVerdict, SymbolReading } from '../model'

export function measure(
  symbol: string,
  reading: Extract<SymbolReading, { kind: 'good' }>,
  c: AlertCondition,
  rearmMarginPct: number,
  /** pool-count: the count a drop is measured from (pool-reference.ts); null: none yet. */
  poolRef: number | null = null,
  /** net-flow: the split over each window this poll (undefined: no history kept). */
  flows: Partial<Record<'7d' | '30d', FlowResult>> = {},
  /** issuer-drop and ignoreMigrations: the issuers now and one window ago (undefined: no history). */
  issuers: IssuerWindows = {},
  /** The symbol's daily series from the bulk analytics (volume-change); empty: none. */
  series: readonly SeriesPoint[] = [],
): Measurement | NoVerdict {
  return engineKind(c).measure({
    symbol,
    reading,
    condition: c,
    rearmMarginPct,
    poolRef,
    flows,
    issuers,
    series,
  })
}
