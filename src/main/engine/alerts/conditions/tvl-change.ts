// tvl-change to the engine: the window change (like for like when parts vanished), migrations
// left out on request; screened on the bulk change; backtested on the daily total.
import type { ConditionOf } from '../../../../shared/conditions/registry'
import type { AssetDetail, SeriesPoint } from '../../../../shared/liquidity-schemas'
import { computeChange, pctChange } from '../../../../shared/change'
import type { LikeForLike } from '../model'
import { disagreement } from '../text/notes'
import { formatPct, formatSignedPct, windowDays } from '../text/format'
import { migrationNote } from '../text/migration-note'
import * as common from './common'
import type { EngineKind } from './kind'

type C = ConditionOf<'tvl-change'>

/** The window change: the service's own, or like for like over the parts still there. */
function windowChange(detail: AssetDetail, c: C, lfl: LikeForLike | null) {
  const own = computeChange(detail, c.window)
  if (lfl === null) return own === null ? null : { pct: own.pct, own }
  const pct = lfl.change[c.window]
  return pct === null ? null : { pct, own }
}

/** Day i's change over the window, its start looked up by date so a gap never stretches it. */
function judge(c: C, series: readonly SeriesPoint[], rearmMarginPct: number) {
  const n = windowDays(c.window)
  const days = series.map((p) => common.dayNumber(p.date))
  let byDay: Map<number, number> | null = null
  // N points back in a gapless series, else looked up (the map built once, if ever).
  const tvlOn = (day: number, guess: number): number | undefined => {
    if (days[guess] === day) return (series[guess] as SeriesPoint).tvl
    byDay ??= new Map(days.map((d, j) => [d, (series[j] as SeriesPoint).tvl]))
    return byDay.get(day)
  }
  return (i: number) => {
    const p = series[i]
    if (p === undefined) return null
    const start = tvlOn((days[i] as number) - n, i - n)
    if (start === undefined || !(start > 0)) return null
    const pct = pctChange(start, p.tvl)
    return Number.isFinite(pct) ? common.dayVerdict(c, pct, rearmMarginPct) : null
  }
}

export const tvlChangeEngine: EngineKind<C> = {
  measure({ symbol, reading: { detail, lfl }, condition: c, rearmMarginPct, issuers }) {
    const days = windowDays(c.window)
    const change = windowChange(detail, c, lfl)
    if (change === null) {
      if (lfl !== null) return common.noBasis(lfl)
      return common.noData(
        `${days}-day change cannot be judged: the service's data has no TVL at the start of the ${days}-day window`,
      )
    }
    const { pct, own } = change
    const { breach, clear } = common.directed(c, pct, rearmMarginPct)
    // ignoreMigrations: a drop the issuers' moves explain as a migration neither fires nor lasts.
    const migration =
      c.ignoreMigrations && c.direction === 'down'
        ? migrationNote(issuers[c.window], c.thresholdPct)
        : null
    const ignored = migration?.ignore === true && breach
    const tag = common.withoutTag(lfl)
    // The service's own figures must agree with each other, like for like or not.
    const disagree = own ? disagreement(own) : null
    const said = `${pct < 0 ? 'down' : 'up'} ${formatPct(pct)} in ${days} days`
    const judged = `${said}; alert at ${c.direction} ${formatPct(c.thresholdPct)}${tag}${migration === null ? '' : `; ${migration.text}`}`
    return {
      kind: 'measured',
      value: pct,
      threshold: c.thresholdPct,
      breach: breach && !ignored,
      clear: ignored || clear,
      verified: own?.verified ?? true,
      disagreement: disagree,
      headline: `${symbol} TVL ${said}${tag}${migration?.headline ?? ''}`,
      ongoing: `${symbol} TVL still ${said}${tag}`,
      subject: `${days}-day TVL ${c.direction === 'down' ? 'drop' : 'rise'}`,
      // The disagreement leads: it is why this figure is not notified.
      status: disagree === null ? judged : `${disagree} (${days}-day change); ${judged}`,
      reading: said,
      recovery: `${days}-day TVL back to ${formatSignedPct(pct)} (threshold ${common.signedLimit(c)})${tag}`,
    }
  },
  screen: (c, f) => common.screenChange(c, common.bulkChange(f, c.window), 'clear'),
  history: (c) => (c.ignoreMigrations === true ? { issuers: c.window } : {}),
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
