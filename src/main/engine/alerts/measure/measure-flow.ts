// Judges a net-flow condition on one trusted reading: the net flow of tokens over the window, split
// from the TVL change with the underlying's price (shared/flow.ts) against the app's own history.
// No split (history too short, no price) is no verdict, with the split's own plain reason.
import { flowWords, signedPct, type FlowResult } from '../../../../shared/flow'
import type { NetFlowCondition } from '../../../../shared/net-flow-condition'
import { formatPct, windowDays } from '../text/format'
import type { LikeForLike, Measurement, NoVerdict } from '../model'

export function measureNetFlow(
  symbol: string,
  lfl: LikeForLike | null,
  c: NetFlowCondition,
  rearmMarginPct: number,
  /** The split over the rule's window; undefined when the poll has none (no history kept). */
  flow: FlowResult | undefined,
): Measurement | NoVerdict {
  const days = windowDays(c.window)
  const cannot = `${days}-day net flow of ${symbol} cannot be judged`
  // A part missing from the data would read as tokens leaving: its TVL is simply not in the total.
  if (lfl !== null)
    return { kind: 'nodata', detail: `${cannot} while ${lfl.without} is missing from the data` }
  if (flow === undefined)
    return { kind: 'nodata', detail: `${cannot}: the app keeps no history of figures here` }
  if (flow.kind === 'unknown') return { kind: 'nodata', detail: `${cannot}: ${flow.reason}` }
  const pct = flow.netFlowPct
  // Signed so that a positive "move" is always in the rule's direction.
  const move = c.direction === 'down' ? -pct : pct
  const breach = move >= c.thresholdPct
  const parts = `(TVL ${signedPct(flow.tvlPct)}, price ${signedPct(flow.pricePct)})`
  const said = `${flowWords(pct)} in ${days} days`
  const limit = `alert at net ${c.direction === 'down' ? 'outflow' : 'inflow'} ${formatPct(c.thresholdPct)}`
  return {
    kind: 'measured',
    value: pct,
    threshold: c.thresholdPct,
    breach,
    clear: !breach && move <= c.thresholdPct - rearmMarginPct,
    verified: true,
    disagreement: null,
    headline: `${symbol} ${said} ${parts}`,
    ongoing: `${symbol} still ${said} ${parts}`,
    subject: `${days}-day net ${c.direction === 'down' ? 'outflow' : 'inflow'}`,
    status: `${flow.text} over ${days} days; ${limit}`,
    reading: said,
    recovery: `${days}-day net flow back to ${signedPct(pct)} (threshold ${signedPct(c.direction === 'down' ? -c.thresholdPct : c.thresholdPct)})`,
  }
}
