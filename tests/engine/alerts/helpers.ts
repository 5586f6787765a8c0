// Builders for alert-engine tests: valid AssetDetail records, observations, rules, and a harness
// that runs evaluateCycle cycle after cycle on an advancing clock.
import {
  defaultRules,
  type AlertRule,
  type NotificationDecision,
} from '../../../src/shared/alert-rules'
import { assetDetailSchema, type AssetDetail } from '../../../src/shared/liquidity-schemas'
import { freshState } from '../../../src/main/engine/alerts/engine-state'
import {
  evaluateCycle,
  type CycleInput,
  type CycleResult,
} from '../../../src/main/engine/alerts/evaluate'
import type { NotifyPrefs } from '../../../src/main/engine/alerts/decide/quiet-hours'
import type { IssuerWindow } from '../../../src/main/engine/history/issuer-window'
import { classifyIssuerMoves, type IssuerTvl } from '../../../src/shared/issuer-moves'
import type { AlertEngineState, Observation } from '../../../src/main/engine/alerts/model'

export interface DetailSpec {
  /** Current total TVL; ignored when issuers are given (then it is their sum). */
  tvl?: number
  /** TVL at the start of the 7-day window. */
  start7d?: number
  start30d?: number
  /** Reported tvlChange for 7d; default: the consistent fraction. */
  change7d?: number
  /** issuer → network → tvl */
  issuers?: Record<string, Record<string, number>>
}

/** An AssetDetail that passes the service schema (parsed through it). */
export function detail(symbol: string, spec: DetailSpec = {}): AssetDetail {
  const issuers = spec.issuers ?? { Backed: { ethereum: spec.tvl ?? 1_000_000 } }
  const issuerList = Object.entries(issuers).map(([name, nets]) => {
    const networks = Object.entries(nets).map(([network, tvl]) => ({ network, tvl, pools: [] }))
    const totalTvl = networks.reduce((s, n) => s + n.tvl, 0)
    return { name, tokenSymbol: `${symbol.toLowerCase()}x`, totalTvl, totalVolume: 1000, networks }
  })
  const total = issuerList.reduce((s, i) => s + i.totalTvl, 0)
  const start7d = spec.start7d ?? total
  const start30d = spec.start30d ?? total
  const frac = (start: number): number => (start === 0 ? 0 : (total - start) / start)
  return assetDetailSchema.parse({
    symbol,
    assetType: 'stock',
    totalTvl: total,
    totalVolume: 5000,
    history: {
      '7d': { tvl: start7d, tvlChange: spec.change7d ?? frac(start7d) },
      '30d': { tvl: start30d, tvlChange: frac(start30d) },
    },
    issuers: issuerList,
    marketData: { onChainMarketCap: total, tradfiAssetPrice: 250.5 },
  })
}

/** A 7-day move of `pct` percent (−12 = a 12 % drop) from a 1 M start. */
export function moved(symbol: string, pct: number, spec: DetailSpec = {}): AssetDetail {
  const start = 1_000_000
  return detail(symbol, { start7d: start, tvl: start * (1 + pct / 100), ...spec })
}

export function good(d: AssetDetail, fetchedAt = '2025-01-01T00:00:00.000Z'): Observation {
  return { detail: d, error: null, fromCache: false, fetchedAt, stale: false }
}
export function cached(d: AssetDetail): Observation {
  return {
    detail: d,
    error: null,
    fromCache: true,
    fetchedAt: '2025-01-01T00:00:00.000Z',
    stale: true,
  }
}
export function failed(message = 'connection refused'): Observation {
  return {
    detail: null,
    error: { kind: 'network', message },
    fromCache: false,
    fetchedAt: null,
    stale: false,
  }
}
export const noData: Observation = {
  detail: null,
  error: null,
  fromCache: false,
  fetchedAt: null,
  stale: false,
}

export function rule(p: Partial<AlertRule> = {}): AlertRule {
  const base = defaultRules()[0] as AlertRule
  return { ...base, id: 'r1', name: '7-day TVL drop ≥ 10 %', ...p }
}

export const START = new Date('2025-03-03T12:00:00.000Z')

export interface HarnessOpts {
  rules?: AlertRule[]
  watchlist?: string[]
  prefs?: Partial<NotifyPrefs>
  state?: AlertEngineState
  now?: Date
}

/** Runs cycles against a persistent state; `warm()` spends the backfill cycle on calm data. */
export class Harness {
  state: AlertEngineState
  now: Date
  rules: AlertRule[]
  watchlist: string[]
  prefs: NotifyPrefs
  last: CycleResult | null = null
  /** Newest analytics series date per symbol the next cycles report (source freshness). */
  sourceDates: Record<string, string> = {}

  constructor(o: HarnessOpts = {}) {
    this.state = o.state ?? freshState()
    this.now = o.now ?? START
    this.rules = o.rules ?? [rule()]
    this.watchlist = o.watchlist ?? ['TSLA']
    this.prefs = {
      notificationsEnabled: true,
      quietHours: { enabled: false, start: '22:00', end: '07:00' },
      pausedUntil: null,
      notifyUnverified: false,
      ...o.prefs,
    }
  }

  /**
   * Evaluate at the current time, then advance the clock by `advanceMin`. `history`: what the app's
   * own history gives this cycle (net-flow splits, issuer windows), as the poll would pass it.
   */
  run(
    obs: Record<string, Observation>,
    advanceMin = 5,
    history: Pick<CycleInput, 'flows' | 'issuers' | 'dailySeries'> = {},
  ): CycleResult {
    const r = evaluateCycle({
      ...history,
      now: this.now,
      rules: this.rules,
      watchlist: this.watchlist,
      observations: new Map(Object.entries(obs)),
      sourceDates: new Map(Object.entries(this.sourceDates)),
      prefs: this.prefs,
      state: this.state,
    })
    this.state = r.state
    this.last = r
    this.now = new Date(this.now.getTime() + advanceMin * 60_000)
    return r
  }

  warm(symbols: string[] = this.watchlist): CycleResult {
    return this.run(Object.fromEntries(symbols.map((s) => [s, good(moved(s, 0))])))
  }
}

export function sent(r: CycleResult): Extract<NotificationDecision, { status: 'sent' }>[] {
  return r.decisions.filter(
    (d): d is Extract<NotificationDecision, { status: 'sent' }> => d.status === 'sent',
  )
}

export function suppressedReasons(r: CycleResult): string[] {
  return r.decisions.flatMap((d) => (d.status === 'suppressed' ? [d.reason] : []))
}

export function stateOf(r: CycleResult, symbol = 'TSLA', ruleId = 'r1'): string | undefined {
  return r.instances.find((i) => i.symbol === symbol && i.ruleId === ruleId)?.state
}

/**
 * The issuer window the app's history would give over 7 days before START: each issuer then and
 * now, and the underlying's price now ÷ then (default unchanged; null: unknown).
 */
export function issuerWindow(
  then: IssuerTvl[],
  now: IssuerTvl[],
  priceRatio: number | null = 1,
): IssuerWindow {
  return {
    kind: 'known',
    windowDays: 7,
    from: START.getTime() - 7 * 24 * 3_600_000,
    then,
    now,
    priceRatio,
    moves: classifyIssuerMoves(then, now, priceRatio),
  }
}
