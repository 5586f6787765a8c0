// volume-change to the engine: a day's volume against the average of the baselineDays days before
// it, from the service's daily series. Live, the day is the detail's (its total volume) and the
// baseline the series' days before its newest; screened and backtested on the series alone.
import type { ConditionOf } from '../../../../shared/conditions/registry'
import { pctChange } from '../../../../shared/change'
import type { SeriesPoint } from '../../../../shared/liquidity-schemas'
import { formatAmount, formatPct, formatSignedPct } from '../text/format'
import { approachMarginPp, dayNumber } from './common'
import type { EngineKind } from './kind'

type C = ConditionOf<'volume-change'>

/** Mean volume of the points dated in the `days` days before point `i`; null with under half of them. */
function baseline(series: readonly SeriesPoint[], i: number, days: number): number | null {
  const p = series[i]
  if (p === undefined) return null
  const day = dayNumber(p.date)
  let sum = 0
  let n = 0
  for (let k = i - 1; k >= 0; k--) {
    const d = dayNumber((series[k] as SeriesPoint).date)
    if (d < day - days) break
    if (d < day) {
      sum += (series[k] as SeriesPoint).volume
      n++
    }
  }
  return n * 2 >= days && sum > 0 ? sum / n : null
}

/** The change against the baseline, signed so a positive move is in the rule's direction. */
function judged(c: C, volume: number, avg: number) {
  const pct = pctChange(avg, volume)
  const move = c.direction === 'down' ? -pct : pct
  return { pct, move, breach: move >= c.thresholdPct }
}

export const volumeChangeEngine: EngineKind<C> = {
  measure({ symbol, reading, condition: c, rearmMarginPct, series }) {
    const avg = baseline(series, series.length - 1, c.baselineDays)
    if (avg === null)
      return {
        kind: 'nodata',
        detail: `volume change cannot be judged: the service's daily series has too few days of volume for a ${c.baselineDays}-day average`,
      }
    const volume = reading.detail.totalVolume
    const { pct, move, breach } = judged(c, volume, avg)
    const against = `against its ${c.baselineDays}-day average`
    const said = `${pct < 0 ? 'down' : 'up'} ${formatPct(pct)} ${against}`
    return {
      kind: 'measured',
      value: pct,
      threshold: c.thresholdPct,
      breach,
      clear: !breach && move <= c.thresholdPct - rearmMarginPct,
      verified: true,
      disagreement: null,
      headline: `${symbol} trading volume ${said} (${formatAmount(volume)} a day, average ${formatAmount(avg)})`,
      ongoing: `${symbol} trading volume still ${said}`,
      subject: `trading volume ${c.direction === 'down' ? 'drop' : 'rise'}`,
      status: `volume ${formatAmount(volume)}, ${said} (${formatAmount(avg)}); alert at ${c.direction} ${formatPct(c.thresholdPct)}`,
      reading: `volume ${said}`,
      recovery: `trading volume back to ${formatSignedPct(pct)} ${against} (threshold ${formatSignedPct(c.direction === 'down' ? -c.thresholdPct : c.thresholdPct)})`,
    }
  },
  screen(c, _f, _cached, series) {
    const i = series.length - 1
    const avg = baseline(series, i, c.baselineDays)
    if (avg === null) return 'unknown'
    const { move } = judged(c, (series[i] as SeriesPoint).volume, avg)
    return move >= c.thresholdPct - approachMarginPp(c.thresholdPct) ? 'near' : 'clear'
  },
  judgedInTurn: false,
  backtest: {
    // Half the baseline's days before the judged one (baseline() asks for no fewer).
    daysNeeded: (c) => Math.ceil(c.baselineDays / 2) + 1,
    judge: (c, series, rearmMarginPct) => (i) => {
      const avg = baseline(series, i, c.baselineDays)
      const p = series[i]
      if (avg === null || p === undefined) return null
      const { pct, move, breach } = judged(c, p.volume, avg)
      return {
        value: pct,
        breach,
        clear: !breach && move <= c.thresholdPct - rearmMarginPct,
        pct,
        badness: move,
      }
    },
    describe: (c, { days, rearm }) =>
      `daily trading volume ${c.direction === 'down' ? 'drop' : 'rise'} of ${formatPct(c.thresholdPct)} or more against its ${c.baselineDays}-day average, ${days}; ${rearm}`,
  },
}
