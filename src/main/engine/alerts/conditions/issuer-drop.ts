// issuer-drop to the engine: measured in measure-issuer-drop.ts from the app's own history; never
// screened clear (the bulk series has only the total); not backtestable.
import type { ConditionOf } from '../../../../shared/conditions/registry'
import { measureIssuerDrop } from '../measure/measure-issuer-drop'
import { approachMarginPp, bulkChange } from './common'
import type { EngineKind } from './kind'

type C = ConditionOf<'issuer-drop'>

export const issuerDropEngine: EngineKind<C> = {
  measure: ({ symbol, reading, condition: c, rearmMarginPct, issuers }) =>
    measureIssuerDrop(
      symbol,
      c,
      rearmMarginPct,
      issuers[c.window],
      reading.detail.issuers.map((i) => i.name),
    ),
  /**
   * One issuer can fall while another rises and the total stays flat, so never 'clear'. A total
   * falling near the limit may be that issuer leaving: the detail is fetched now.
   */
  screen(c, f) {
    const pct = bulkChange(f, c.window)
    if (pct === null) return 'unknown'
    return -pct >= c.thresholdPct - approachMarginPp(c.thresholdPct) ? 'near' : 'unknown'
  },
  history: (c) => ({ issuers: c.window }),
  judgedInTurn: true,
  backtest: {
    untestableBecause: 'it needs each issuer’s TVL, and the daily series has only the total',
  },
}
