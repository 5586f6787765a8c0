// What a condition kind declares to the engine: how it is measured, screened on the bulk daily
// series and backtested (or why not). One module per kind, listed in registry.ts; what every
// surface shares is in src/shared/conditions.
import type { AlertCondition, ChangeWindow } from '../../../../shared/alert-rules'
import type { FlowResult } from '../../../../shared/flow'
import type { AssetDetail, AssetType, SeriesPoint } from '../../../../shared/liquidity-schemas'
import type { IssuerWindows, Measurement, NoVerdict, PoolCounts, SymbolReading } from '../model'

export interface MeasureInput<C = AlertCondition> {
  symbol: string
  reading: Extract<SymbolReading, { kind: 'good' }>
  condition: C
  rearmMarginPct: number
  /** pool-count: the count a drop is measured from (pool-reference.ts); null: none yet. */
  poolRef: number | null
  /** net-flow: the split over each window this poll (undefined: no history kept). */
  flows: Partial<Record<'7d' | '30d', FlowResult>>
  /** issuer-drop and ignoreMigrations: the issuers now and one window ago (undefined: no history). */
  issuers: IssuerWindows
  /** The symbol's daily series from the bulk analytics (the newest this poll has; empty: none). */
  series: readonly SeriesPoint[]
}

/** A symbol's figures read off the bulk series (shown on its row while its detail is not due). */
export interface BulkFigures {
  assetType: AssetType
  tvl: number
  volume: number
  /** Percent change over the window, tvl[last] / tvl[last − N days] − 1; null when too short. */
  change7dPct: number | null
  change30dPct: number | null
  /** When the bulk series was fetched (this poll). */
  fetchedAt: string
}

export type ScreenVerdict = 'near' | 'clear' | 'unknown'

export interface DayVerdict {
  value: number
  breach: boolean
  clear: boolean
  /** The episode's worstPct: the change, or the distance below the floor. */
  pct: number
  /** Larger is worse: picks the episode's worst day. */
  badness: number
}

/** Judges day `i` of the series; null when it cannot be judged (no start of window). */
export type DailyJudge = (i: number) => DayVerdict | null

/** How a backtest tests a kind on the daily series (dates ascending), or why it cannot. */
export type Backtest<C> =
  | {
      judge: (c: C, series: readonly SeriesPoint[], rearmMarginPct: number) => DailyJudge
      /** The days of series before the first day it can judge, that day included. */
      daysNeeded: (c: C) => number
      /** "7-day TVL drop of 10 % or more" + when, as the backtest tested it. */
      describe: (c: C, when: { days: string; rearm: string; rearmMarginPct: number }) => string
    }
  | { untestableBecause: string }

export interface EngineKind<C = AlertCondition> {
  measure: (m: MeasureInput<C>) => Measurement | NoVerdict
  /** Whether the detail is needed now, read off the bulk figures (or the last cached detail). */
  screen: (
    c: C,
    f: BulkFigures,
    cached: AssetDetail | null,
    series: readonly SeriesPoint[],
  ) => ScreenVerdict
  /** Never screened clear: judged on each symbol's detail as its turn comes (absent: false). */
  judgedInTurn?: true
  /** The app's own history the poll reads beforehand for it (flow split, issuers); absent: none. */
  history?: (c: C) => { flow?: ChangeWindow; issuers?: ChangeWindow }
  /** A level a drop is measured from, read off the symbol's last trusted pool counts and held while
   *  an episode is under way (measure/pool-reference.ts; pool-count); absent: none. */
  reference?: (c: C, last: PoolCounts | undefined) => number | null
  backtest: Backtest<C>
}
