// The percent change of TVL over a window and whether the service's own figure agrees with it: the
// number alert rules judge and the asset view shows, so both use this one definition.
import type { ChangeWindow } from './alert-rules'
import type { AssetDetail } from './liquidity-schemas'
import type { ChangeInfo } from './view-models'

/**
 * A reported figure agrees when within 0.1 percentage points or 1 % of the computed one: the
 * service rounds its figure, and a tighter bound would call honest rounding a disagreement.
 */
export const CHANGE_TOLERANCE = { absolutePp: 0.1, relative: 0.01 } as const

function agrees(candidate: number, pct: number): boolean {
  const { absolutePp, relative } = CHANGE_TOLERANCE
  return Math.abs(candidate - pct) <= Math.max(absolutePp, Math.abs(pct) * relative)
}

/**
 * Percent change from `from` to `to`: the one formula the live rules, the bulk screen and the
 * backtest share, so a change of exactly the threshold is judged alike everywhere
 * ((720 − 800) / 800 is −10 %; 720 / 800 − 1 is −9.999…98 %).
 */
export function pctChange(from: number, to: number): number {
  return ((to - from) / from) * 100
}

/**
 * Percent change from history[window].tvl to totalTvl. The service's tvlChange has no stated unit,
 * so it only verifies our figure (as a fraction or as a percent); it never replaces it.
 * null when there is no meaningful percentage: a start TVL of 0, or one so small (or amounts so
 * large) that the change is not a finite number.
 */
export function computeChange(detail: AssetDetail, window: ChangeWindow): ChangeInfo | null {
  const start = detail.history[window]
  if (!(start.tvl > 0)) return null
  const pct = pctChange(start.tvl, detail.totalTvl)
  if (!Number.isFinite(pct)) return null
  const reported = start.tvlChange
  const verified = agrees(reported * 100, pct) || agrees(reported, pct)
  return { pct, verified, reported }
}
