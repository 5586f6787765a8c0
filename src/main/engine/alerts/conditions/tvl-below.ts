// tvl-below to the engine: the total (like for like when parts vanished) against the amount;
// screened on the bulk total; backtested on the daily total.
import type { ConditionOf } from '../../../../shared/conditions/registry'
import { formatAmount } from '../text/format'
import { APPROACH_FRACTION, measured, missingNow, noBasis, noData, withoutTag } from './common'
import type { EngineKind } from './kind'

type C = ConditionOf<'tvl-below'>

export const tvlBelowEngine: EngineKind<C> = {
  measure({ symbol, reading: { detail, lfl }, condition: c, rearmMarginPct }) {
    if (lfl !== null && lfl.ratio === null) return noBasis(lfl)
    const tvl = detail.totalTvl + missingNow(lfl).reduce((s, m) => s + m.tvl, 0)
    if (!Number.isFinite(tvl))
      return noData('TVL cannot be judged: the figures are too large to add up')
    const breach = tvl < c.amount
    const tag = withoutTag(lfl)
    return measured({
      value: tvl,
      threshold: c.amount,
      breach,
      clear: !breach && tvl >= c.amount * (1 + rearmMarginPct / 100),
      headline: `${symbol} TVL ${formatAmount(tvl)} is below ${formatAmount(c.amount)}${tag}`,
      ongoing: `${symbol} TVL still below ${formatAmount(c.amount)}: ${formatAmount(tvl)}${tag}`,
      subject: `TVL below ${formatAmount(c.amount)}`,
      status: `TVL ${formatAmount(tvl)}; alert below ${formatAmount(c.amount)}${tag}`,
      reading: `TVL ${formatAmount(tvl)}`,
      recovery: `TVL back to ${formatAmount(tvl)} (threshold ${formatAmount(c.amount)})${tag}`,
    })
  },
  screen: (c, f) => (f.tvl < c.amount * (1 + APPROACH_FRACTION) ? 'near' : 'clear'),
  backtest: {
    daysNeeded: () => 1,
    judge: (c, series, rearmMarginPct) => (i) => {
      const p = series[i]
      if (p === undefined) return null
      const breach = p.tvl < c.amount
      return {
        value: p.tvl,
        breach,
        clear: !breach && p.tvl >= c.amount * (1 + rearmMarginPct / 100),
        pct: (p.tvl / c.amount - 1) * 100,
        badness: -p.tvl,
      }
    },
    describe: (c, { days, rearmMarginPct }) =>
      `TVL below ${formatAmount(c.amount)}, ${days}; ends once ${rearmMarginPct} % above it`,
  },
}
