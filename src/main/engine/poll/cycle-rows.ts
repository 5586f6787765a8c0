// A poll's rows and what each row says beyond its figures: built last, from the fetch, the alert
// evaluation and the poll's own problems (a save that failed), in watchlist order.
import type { IssuerWindows } from '../history/issuer-window'
import type { FlowResult } from '../../../shared/flow'
import type { AssetType } from '../../../shared/liquidity-schemas'
import type { UtcOffset } from '../../../shared/local-time'
import type { Settings } from '../../../shared/settings-schema'
import type { WatchRow } from '../../../shared/view-models'
import type { CycleResult as Evaluated } from '../alerts/evaluate'
import { liveTargets } from '../alerts/rules'
import type { AlertRule } from '../../../shared/alert-rules'
import { rowFindings } from './row-findings'
import { seriesEntry } from './series-index'
import { buildRow, instancesBySymbol, seriesFactsFor } from './snapshot'
import type { AlertEngineState } from '../alerts/model'
import type { FetchResult } from './fetch-types'

export function snoozedSymbols(rules: AlertRule[], watchlist: string[], now: Date): Set<string> {
  return new Set(
    liveTargets(rules, watchlist, now)
      .filter((t) => t.snoozed)
      .map((t) => t.symbol),
  )
}

/** The one place a poll's rows are built: watchlist order, with the poll's own problems on each. */
export function cycleRows(
  settings: Settings,
  fetched: FetchResult,
  evaluated: Evaluated,
  now: Date,
  pollProblems: string[],
): WatchRow[] {
  const snoozed = snoozedSymbols(settings.rules, settings.watchlist, now)
  const bySymbol = new Map(fetched.snapshots.map((s) => [s.symbol, s]))
  const instances = instancesBySymbol(evaluated.instances)
  return settings.watchlist.map((symbol) => {
    const s = bySymbol.get(symbol)!
    const type = (s.detail?.assetType ?? s.screen?.assetType) as AssetType | undefined
    const stock = type ? fetched.stock.get(type) : null
    const own = instances.get(symbol) ?? []
    return buildRow(s, seriesFactsFor(stock, symbol), own, snoozed.has(symbol), {
      findings: evaluated.findings[symbol],
      likeForLike: evaluated.likeForLike[symbol],
      poll: pollProblems,
    })
  })
}

/** Per symbol read this poll: what its data tells beyond the figures (row-findings.ts). */
export function cycleRowFindings(
  fetched: FetchResult,
  evaluated: Evaluated,
  poolsBefore: AlertEngineState['pools'],
  flows: Record<string, FlowResult>,
  issuers: Record<string, IssuerWindows>,
  now: Date,
  tz: UtcOffset,
): Record<string, string[]> {
  return Object.fromEntries(
    fetched.snapshots.map((snap) => [
      snap.symbol,
      rowFindings({
        symbol: snap.symbol,
        detail: snap.detail,
        fetchedAt: snap.fetchedAt,
        missing: evaluated.likeForLike[snap.symbol]?.without,
        poolsBefore: poolsBefore[snap.symbol],
        poolsNow: evaluated.state.pools[snap.symbol],
        flow: flows[snap.symbol],
        issuers: issuers[snap.symbol],
        now,
        tz,
      }),
    ]),
  )
}

/**
 * A symbol the fresh analytics of its asset type leave out: its sparkline and data date are
 * missing, and whether the service's data for it is current cannot be checked. Said on its row.
 */
export function addSeriesGaps(findings: Record<string, string[]>, fetched: FetchResult): void {
  for (const s of fetched.snapshots) {
    const type = s.detail?.assetType as AssetType | undefined
    const analytics = type ? fetched.stock.get(type) : undefined
    if (!analytics?.data || analytics.fromCache) continue
    if (seriesEntry(analytics.data, s.symbol) !== undefined) continue
    ;(findings[s.symbol] ??= []).push(
      `the service's ${type} analytics have no series for ${s.symbol}, so whether its data is current cannot be checked`,
    )
  }
}
