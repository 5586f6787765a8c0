// tvl-change to the engine: the window change (like for like when parts vanished), migrations
// left out on request; screened on the bulk change; backtested on the daily total.
import type { ConditionOf } from '../../../../shared/conditions/registry'
import type { SeriesPoint } from '../../../../shared/liquidity-schemas'
import { pctChange } from '../../../../shared/change'
import { disagreement } from '../measure/change'
import { formatPct, formatSignedPct, windowDays } from '../text/format'
import { migrationNote } from '../text/migration-note'
import {
  approachMarginPp,
  bulkChange,
  dayNumber,
  noBasis,
  windowChange,
  withoutTag,
} from './common'
import type { EngineKind } from './kind'

type C = ConditionOf<'tvl-change'>

/**
 * Change over an N-day window = (tvl[d] − tvl[d − N days]) / tvl[d − N days], the start looked up
 * by date so a gap in the series never stretches a window.
 */
function judge(c: C, series: readonly SeriesPoint[], rearmMarginPct: number) {
  const n = windowDays(c.window)
  const days = series.map((p) => dayNumber(p.date))
  let byDay: Map<number, number> | null = null
  /** TVL on a day: N points back in a gapless series, else looked up (built once, if ever). */
  const tvlOn = (day: number, guess: number): number | undefined => {
    if (days[guess] === day) return (series[guess] as SeriesPoint).tvl
    byDay ??= new Map(days.map((d, k) => [d, (series[k] as SeriesPoint).tvl]))
    return byDay.get(day)
  }
  return (i: number) => {
    const p = series[i]
    if (p === undefined) return null
    const start = tvlOn((days[i] as number) - n, i - n)
    if (start === undefined || !(start > 0)) return null
    const pct = pctChange(start, p.tvl)
    if (!Number.isFinite(pct)) return null
    // Signed so that a positive move is always in the rule's direction.
    const move = c.direction === 'down' ? -pct : pct
    const breach = move >= c.thresholdPct
    return {
      value: pct,
      breach,
      clear: !breach && move <= c.thresholdPct - rearmMarginPct,
      pct,
      badness: move,
    }
  }
}

export const tvlChangeEngine: EngineKind<C> = {
  measure({ symbol, reading, condition: c, rearmMarginPct, issuers }) {
    const { detail, lfl } = reading
    const missingTag = withoutTag(lfl)
    const change = windowChange(detail, c, lfl)
    if (change === null) {
      if (lfl !== null) return noBasis(lfl)
      const days = windowDays(c.window)
      return {
        kind: 'nodata',
        detail: `${days}-day change cannot be judged: the service's data has no TVL at the start of the ${days}-day window`,
      }
    }
    const pct = change.pct
    const days = windowDays(c.window)
    // Signed so that a positive "move" is always in the rule's direction.
    const move = c.direction === 'down' ? -pct : pct
    // ignoreMigrations: a drop the issuers' moves explain as a migration does not fire.
    const migration =
      c.ignoreMigrations && c.direction === 'down'
        ? migrationNote(issuers[c.window], c.thresholdPct)
        : null
    const ignored = migration?.ignore === true && move >= c.thresholdPct
    const breach = move >= c.thresholdPct && !ignored
    const word = pct < 0 ? 'down' : 'up'
    // The service's own figures must agree with each other, like for like or not.
    const verified = change.own?.verified ?? true
    const disagree = change.own ? disagreement(change.own) : null
    const tag = missingTag
    const said = `${word} ${formatPct(pct)} in ${days} days`
    const judged = `${said}; alert at ${c.direction} ${formatPct(c.thresholdPct)}${missingTag}${migration === null ? '' : `; ${migration.text}`}`
    return {
      kind: 'measured',
      value: pct,
      threshold: c.thresholdPct,
      breach,
      // Explained by a migration: not a drop, so an episode under way ends.
      clear: ignored || (!breach && move <= c.thresholdPct - rearmMarginPct),
      verified,
      disagreement: disagree,
      headline: `${symbol} TVL ${said}${tag}${migration?.headline ?? ''}`,
      ongoing: `${symbol} TVL still ${said}${tag}`,
      subject: `${days}-day TVL ${c.direction === 'down' ? 'drop' : 'rise'}`,
      // The disagreement leads: it is why this figure is not notified.
      status: disagree === null ? judged : `${disagree} (${days}-day change); ${judged}`,
      reading: said,
      recovery: `${days}-day TVL back to ${formatSignedPct(pct)} (threshold ${formatSignedPct(c.direction === 'down' ? -c.thresholdPct : c.thresholdPct)})${tag}`,
    }
  },
  screen(c, f) {
    const pct = bulkChange(f, c.window)
    if (pct === null) return 'unknown'
    const move = c.direction === 'down' ? -pct : pct
    return move >= c.thresholdPct - approachMarginPp(c.thresholdPct) ? 'near' : 'clear'
  },
  history: (c) => (c.ignoreMigrations === true ? { issuers: c.window } : {}),
  judgedInTurn: false,
  backtest: {
    judge,
    daysNeeded: (c) => windowDays(c.window) + 1,
    describe(c, { days, rearm }) {
      // The daily series has only the total: migrations between issuers cannot be left out there.
      const moves =
        c.ignoreMigrations && c.direction === 'down'
          ? '; every drop counts here: the daily series has only the total, so migrations between issuers cannot be told apart and are not ignored'
          : ''
      return `${windowDays(c.window)}-day TVL ${c.direction === 'down' ? 'drop' : 'rise'} of ${formatPct(c.thresholdPct)} or more, ${days}; ${rearm}${moves}`
    },
  },
}
