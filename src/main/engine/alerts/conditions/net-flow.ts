// net-flow to the engine: the net flow of tokens over the window, split from the TVL change with
// the underlying's price (shared/flow.ts) against the app's own history. Never screened clear (the
// bulk series has no price); not backtestable.
import type { ConditionOf } from '../../../../shared/conditions/registry'
import { flowWords, signedPct } from '../../../../shared/flow'
import { formatPct, windowDays } from '../text/format'
import { bulkChange, changeMeasured, noData, screenChange, signedLimit } from './common'
import type { EngineKind } from './kind'

type C = ConditionOf<'net-flow'>

export const netFlowEngine: EngineKind<C> = {
  measure({ symbol, reading: { lfl }, condition: c, rearmMarginPct, flows }) {
    const days = windowDays(c.window)
    const flow = flows[c.window]
    const cannot = `${days}-day net flow of ${symbol} cannot be judged`
    // A part missing from the data would read as tokens leaving: its TVL is simply not in the total.
    if (lfl !== null) return noData(`${cannot} while ${lfl.without} is missing from the data`)
    if (flow === undefined) return noData(`${cannot}: the app keeps no history of figures here`)
    if (flow.kind === 'unknown') return noData(`${cannot}: ${flow.reason}`)
    const pct = flow.netFlowPct
    const net = `net ${c.direction === 'down' ? 'outflow' : 'inflow'}`
    const parts = `(TVL ${signedPct(flow.tvlPct)}, price ${signedPct(flow.pricePct)})`
    const said = `${flowWords(pct)} in ${days} days`
    return changeMeasured(c, pct, rearmMarginPct, {
      headline: `${symbol} ${said} ${parts}`,
      ongoing: `${symbol} still ${said} ${parts}`,
      subject: `${days}-day ${net}`,
      status: `${flow.text} over ${days} days; alert at ${net} ${formatPct(c.thresholdPct)}`,
      reading: said,
      recovery: `${days}-day net flow back to ${signedPct(pct)} (threshold ${signedLimit(c)})`,
    })
  },
  // A TVL move near the limit may be tokens leaving (or arriving): fetched now. Never 'clear': a
  // price moving the other way can hide a flow in the TVL.
  screen: (c, f) => screenChange(c, bulkChange(f, c.window), 'unknown'),
  history: (c) => ({ flow: c.window }),
  judgedInTurn: true,
  backtest: {
    untestableBecause:
      'it needs the underlying’s price on each day to split price moves from flows, and the daily series has no prices',
  },
}
