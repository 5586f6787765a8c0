// net-flow to the engine: measured in measure-flow.ts from the app's own history; never screened
// clear (the bulk series has no price); not backtestable.
import type { ConditionOf } from '../../../../shared/conditions/registry'
import { measureNetFlow } from '../measure/measure-flow'
import { approachMarginPp, bulkChange } from './common'
import type { EngineKind } from './kind'

type C = ConditionOf<'net-flow'>

export const netFlowEngine: EngineKind<C> = {
  measure: ({ symbol, reading, condition: c, rearmMarginPct, flows }) =>
    measureNetFlow(symbol, reading.lfl, c, rearmMarginPct, flows[c.window]),
  /**
   * A TVL move near the limit in the rule's direction may be tokens leaving (or arriving): the
   * detail is fetched now. Otherwise 'unknown', never 'clear': a price moving the other way can
   * hide a flow in the TVL, so the symbol is judged on its detail when its turn comes.
   */
  screen(c, f) {
    const pct = bulkChange(f, c.window)
    if (pct === null) return 'unknown'
    const move = c.direction === 'down' ? -pct : pct
    return move >= c.thresholdPct - approachMarginPp(c.thresholdPct) ? 'near' : 'unknown'
  },
  history: (c) => ({ flow: c.window }),
  judgedInTurn: true,
  backtest: {
    untestableBecause:
      'it needs the underlying’s price on each day to split price moves from flows, and the daily series has no prices',
  },
}
