// Flow vs price: a TVL change over a window split into the underlying's price move and the net
// flow of tokens (tokens = TVL / price). The two factors multiply back to the TVL factor:
//   TVL ratio = price ratio × token ratio,  tvlPct = (tvlRatio − 1) × 100, and so on.
// So "TVL −12 %: price −9 %, net outflow −3.3 %" reads 0.88 = 0.91 × 0.967 (not a sum).
import { pctChange } from './change'
import { formatSignedPct } from './number-format'

/** One end of the window: TVL and the underlying's price (0 or less: unknown). */
export interface FlowEnd {
  at: string
  tvl: number
  price: number
}

export interface FlowSplit {
  kind: 'split'
  windowDays: number
  from: FlowEnd
  to: FlowEnd
  /** Percent changes over the window; (1 + tvl/100) = (1 + price/100) × (1 + netFlow/100). */
  tvlPct: number
  pricePct: number
  netFlowPct: number
  /** The line the asset view and the CLI show. */
  text: string
}

/** Why no split is given, in plain words (history too short, no price, no TVL then). */
export interface FlowUnknown {
  kind: 'unknown'
  windowDays: number
  reason: string
}

export type FlowResult = FlowSplit | FlowUnknown

/** "−12.0 %" (shared/number-format.ts). Kept for the engine's flow measure (engine/alerts); new code imports formatSignedPct. */
export const signedPct = formatSignedPct

/** "net outflow −12.3 %", "net inflow +4.0 %", "net flow 0.0 %". */
export function flowWords(p: number): string {
  // The word follows the figure as shown: "net outflow 0.0 %" would contradict itself.
  const shown = Math.round(p * 10) / 10
  const word = shown < 0 ? 'net outflow' : shown > 0 ? 'net inflow' : 'net flow'
  return `${word} ${formatSignedPct(p)}`
}

export function flowLine(s: Pick<FlowSplit, 'tvlPct' | 'pricePct' | 'netFlowPct'>): string {
  return `TVL ${formatSignedPct(s.tvlPct)}: price ${formatSignedPct(s.pricePct)}, ${flowWords(s.netFlowPct)}`
}

/** The split between two readings a window apart, or why it cannot be given. */
export function splitFlow(
  from: FlowEnd,
  to: FlowEnd,
  windowDays: number,
  symbol: string,
): FlowResult {
  const unknown = (reason: string): FlowUnknown => ({ kind: 'unknown', windowDays, reason })
  if (!(from.price > 0) || !(to.price > 0))
    return unknown(
      `the service gave no price for ${symbol}'s underlying ${from.price > 0 ? 'now' : `on ${from.at.slice(0, 10)}`}, so the change cannot be split into price and flow`,
    )
  if (!(from.tvl > 0))
    return unknown(
      `${symbol} had no TVL on ${from.at.slice(0, 10)}, so there is no change to split`,
    )
  // pctChange throughout (tokens = TVL / price, compared cross-multiplied): a flow of exactly a
  // rule's threshold is judged as the live rules and the backtest judge one.
  const s = {
    tvlPct: pctChange(from.tvl, to.tvl),
    pricePct: pctChange(from.price, to.price),
    netFlowPct: pctChange(from.tvl * to.price, to.tvl * from.price),
  }
  return { kind: 'split', windowDays, from, to, ...s, text: flowLine(s) }
}

/** The asset view's flow line: the 7-day split as of the newest figures the app recorded. */
export interface AssetFlowView {
  symbol: string
  /** When the newest recorded figures of the symbol are from (ISO); null: none recorded. */
  asOf: string | null
  flow: FlowResult
}
