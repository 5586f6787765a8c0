// volume-change to the engine: a day's volume against the average of the baselineDays days before
// it. Live, the day is the detail's total volume; screened and backtested on the daily series.
import type { ConditionOf } from '../../../../shared/conditions/registry'
import { pctChange } from '../../../../shared/change'
import type { SeriesPoint } from '../../../../shared/liquidity-schemas'
import { formatAmount, formatPct, formatSignedPct } from '../text/format'
import * as common from './common'
import type { EngineKind } from './kind'

type C = ConditionOf<'volume-change'>

/** Mean volume of the points dated in the `days` days before point `i`; null with under half of them. */
function baseline(series: readonly SeriesPoint[], i: number, days: number): number | null {
  const p = series[i]
  if (p === undefined) return null
  const day = common.dayNumber(p.date)
  let sum = 0
  let n = 0
  for (let j = i - 1; j >= 0; j--) {
    const d = common.dayNumber((series[j] as SeriesPoint).date)
    if (d < day - days) break
    if (d < day) {
      sum += (series[j] as SeriesPoint).volume
      n++
    }
  }
  return n * 2 >= days && sum > 0 ? sum / n : null
}

/** Point i's volume against its baseline, in percent; null without a baseline. */
function changeOn(c: C, series: readonly SeriesPoint[], i: number): number | null {
  const avg = baseline(series, i, c.baselineDays)
  return avg === null ? null : pctChange(avg, (series[i] as SeriesPoint).volume)
}

export const volumeChangeEngine: EngineKind<C> = {
  measure({ symbol, reading, condition: c, rearmMarginPct, series }) {
    const avg = baseline(series, series.length - 1, c.baselineDays)
    if (avg === null)
      return common.noData(
        `volume change cannot be judged: the service's daily series has too few days of volume for a ${c.baselineDays}-day average`,
      )
    const volume = reading.detail.totalVolume
    const pct = pctChange(avg, volume)
    const against = `against its ${c.baselineDays}-day average`
    const said = `${pct < 0 ? 'down' : 'up'} ${formatPct(pct)} ${against}`
    return common.changeMeasured(c, pct, rearmMarginPct, {
      headline: `${symbol} trading volume ${said} (${formatAmount(volume)} a day, average ${formatAmount(avg)})`,
      ongoing: `${symbol} trading volume still ${said}`,
      subject: `trading volume ${c.direction === 'down' ? 'drop' : 'rise'}`,
      status: `volume ${formatAmount(volume)}, ${said} (${formatAmount(avg)}); alert at ${c.direction} ${formatPct(c.thresholdPct)}`,
      reading: `volume ${said}`,
      recovery: `trading volume back to ${formatSignedPct(pct)} ${against} (threshold ${common.signedLimit(c)})`,
    })
  },
  screen: (c, _f, _cached, series) =>
    common.screenChange(c, changeOn(c, series, series.length - 1), 'clear'),
  backtest: {
    // Half the baseline's days before the judged one (baseline() asks for no fewer).
    daysNeeded: (c) => Math.ceil(c.baselineDays / 2) + 1,
    judge: (c, series, rearmMarginPct) => (i) => {
      const pct = changeOn(c, series, i)
      return pct === null ? null : common.dayVerdict(c, pct, rearmMarginPct)
    },
    describe: (c, { days, rearm }) =>
      `daily trading volume ${c.direction === 'down' ? 'drop' : 'rise'} of ${formatPct(c.thresholdPct)} or more against its ${c.baselineDays}-day average, ${days}; ${rearm}`,
  },
}
