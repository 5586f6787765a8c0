// The stable JSON document `check --json` prints (a public interface: fields are only ever added).
import type { JsonDelivery } from './check-delivery'
import { bulkStandIns, decisionSymbols, standsIn, type PollsToConfirm } from './format'
import type { CycleResult } from '../engine/poll/cycle'
import type { HeldBackReason } from '../../shared/alert-rules'
import type { LikeForLikeChange } from '../../shared/view-models'
import type { FlowResult } from '../../shared/flow'
import { sessionOfData, type MarketSession } from '../../shared/market-hours'

export interface JsonReport {
  mode: 'demo' | 'live'
  baseUrl: string
  at: string
  /** Alerts firing on trusted data and steady; held ones are not counted (exit 1 iff > 0). */
  firing: number
  /** Alerts held instead of firing (figures disagree, flapping): shown, not counted as firing. */
  held: number
  rows: {
    symbol: string
    assetType: string | null
    tvl: number | null
    change7dPct: number | null
    change30dPct: number | null
    /**
     * While issuers or networks are missing: the like-for-like change the rules judged (the same
     * parts now and then), beside the raw change above; null otherwise.
     */
    likeForLike: LikeForLikeChange | null
    volume: number | null
    issuerCount: number | null
    /**
     * This run's state of the row's alerts: 'error' or 'stale' when this run could not judge the
     * row (its fetch failed), even while an alert of it fires: see judgedState.
     */
    alertState: string
    /**
     * Where the row's alerts stand on the last trusted reading (the worst of its rules: ok,
     * pending or firing), kept through a failed fetch: what `firing` and the exit code count while
     * cached data stands in. null without rules.
     */
    judgedState: string | null
    snoozed: boolean
    /** When we fetched the row's data. */
    asOf: string | null
    /** The service's own newest data date for the symbol (YYYY-MM-DD); null when unknown. */
    dataDate: string | null
    /**
     * Our copy is old: fetched longer ago than two polls allow. By age only, as the app's row
     * says "Stale": a copy a few minutes old that stood in for a failed fetch is not stale (see
     * fromCache). Says nothing about the service's own data: see sourceStale.
     */
    stale: boolean
    /** This run's fetch for the row failed and cached data (from asOf) stands in: see error. */
    fromCache: boolean
    /**
     * This run's detail fetch for the row failed and none was ever cached: this poll's own bulk
     * figures (from asOf) stand in, unjudged (fromCache is then false): see error.
     */
    bulkStandIn: boolean
    /** The service's data had stopped advancing (dataDate over 48 h behind) when fetched. */
    sourceStale: boolean
    error: { kind: string; message: string } | null
    /** Plain-language reasons the row's figures may not be trusted (empty when none). */
    problems: string[]
    /**
     * What the data tells beyond the figures, in plain words (row-findings.ts), in this order: the
     * market session at the data's time, the 7-day change split into price and net flow (or why
     * not yet), the issuers' moves over 7 days as a migration, an exit or mixed (or why not yet),
     * pool counts that changed since the last check, issuer and network concentration (HHI and
     * largest share). New kinds may be added.
     */
    findings: string[]
    /** The rule keeps crossing its threshold: notified once, not per episode, until it settles. */
    flapping: boolean
    /**
     * Why the row is held instead of firing ('figures-disagree', 'flapping'), or null. A held row
     * keeps its alertState but is not counted as firing.
     */
    heldBack: HeldBackReason | null
    /** While pending: polls still needed before the alert fires (1 = the next poll); else null. */
    confirmsInPolls: number | null
    /** When the symbol's asset detail was fetched (null: never); older than asOf when checkedBy is 'series'. */
    detailFetchedAt: string | null
    /**
     * What the row rests on: 'detail' (the asset detail, cross-checked), 'series' (screened on the
     * daily series of every symbol in a watchlist above the detail budget), or null (no data).
     */
    checkedBy: 'detail' | 'series' | null
    /**
     * The 7-day TVL change split into the underlying's price and the net flow of tokens, from the
     * app's own history: `{ kind: 'split', tvlPct, pricePct, netFlowPct, text, from, to, windowDays }`
     * ((1 + tvlPct/100) = (1 + pricePct/100) × (1 + netFlowPct/100)), or `{ kind: 'unknown',
     * reason }` in plain words (history too short, no price); null when this run fetched no detail.
     */
    flow: FlowResult | null
    /**
     * Whether the underlying's market was open when the row's data was fetched (asOf):
     * US equities for stocks, CME Globex for known commodities, else phase 'unknown'
     * ("market hours unknown"). null when the row has no data.
     */
    marketSession: MarketSession | null
  }[]
  events: CycleResult['events']
  /**
   * Held and suppressed decisions also carry `symbol` (null when one decision covers several: then
   * see `symbols`) and `symbols`, as sent ones carry `symbol`.
   */
  decisions: (CycleResult['decisions'][number] & {
    symbol?: string | null
    symbols?: string[]
  })[]
  /**
   * Failed requests of this poll; fromCache: cached data stood in, bulkStandIn: nothing was
   * cached and this poll's bulk figures stood in (either: not exit 2, unless a key problem).
   */
  failures: {
    what: string
    kind: string
    message: string
    fromCache: boolean
    bulkStandIn: boolean
    asOf: string | null
  }[]
  /** Files this run could not save (what, where, why in plain words); empty when all were saved. */
  unsaved: { what: string; path: string; reason: string }[]
  /**
   * false: the alert state could not be saved (or is a newer version's file, never written), so
   * the next run starts from the last saved state and cannot confirm what this one found (the
   * exit code is then 2).
   */
  alertStateSaved: boolean
  /**
   * This run's messages to contact points (queued by it, or left by an earlier run and tried by
   * it): `{ id, eventIds, contactPoint, kind, status: queued|sent|failed|dropped, attempts,
   * lastError }`; `id` is the message's idempotency id. Never a secret.
   */
  deliveries: JsonDelivery[]
  /** What the run said on stderr as `note:` lines (cached data stood in, repairs at start), one each. */
  notes: string[]
  /** What the run said on stderr as `error:` lines: non-empty exactly when the exit code is 2. */
  errors: string[]
}

/** The document of a run with nothing to show (the check could not run, or had no data at all). */
export function emptyReport(
  mode: 'demo' | 'live',
  baseUrl: string,
  at: string,
): Omit<JsonReport, 'notes' | 'errors' | 'deliveries'> {
  return {
    mode,
    baseUrl,
    at,
    firing: 0,
    held: 0,
    rows: [],
    events: [],
    decisions: [],
    failures: [],
    unsaved: [],
    alertStateSaved: true,
  }
}

export function jsonReport(
  mode: 'demo' | 'live',
  baseUrl: string,
  cycle: CycleResult,
  counts: { firing: number; held: number },
  toConfirm: PollsToConfirm = new Map(),
): Omit<JsonReport, 'notes' | 'errors' | 'deliveries'> {
  const bulk = bulkStandIns(cycle)
  return {
    mode,
    baseUrl,
    at: cycle.at,
    firing: counts.firing,
    held: counts.held,
    rows: cycle.rows.map((r) => ({
      symbol: r.symbol,
      assetType: r.assetType,
      tvl: r.totalTvl,
      change7dPct: r.change7d?.pct ?? null,
      change30dPct: r.change30d?.pct ?? null,
      likeForLike: r.likeForLike,
      volume: r.totalVolume,
      issuerCount: r.issuerCount,
      alertState: r.alertState,
      judgedState: r.judgedState,
      snoozed: r.snoozed,
      asOf: r.fetchedAt,
      dataDate: r.dataDate,
      stale: r.stale,
      fromCache: standsIn(r, bulk),
      bulkStandIn: bulk.has(r.symbol) && r.fetchedAt !== null,
      sourceStale: r.sourceStale,
      error: r.error ? { kind: r.error.kind, message: r.error.message } : null,
      problems: r.problems,
      findings: cycle.rowFindings[r.symbol] ?? [],
      flapping: r.flapping,
      heldBack: r.heldBack,
      confirmsInPolls: r.alertState === 'pending' ? (toConfirm.get(r.symbol) ?? null) : null,
      detailFetchedAt: r.detailFetchedAt,
      checkedBy: r.checkedBy,
      flow: cycle.flows[r.symbol] ?? null,
      marketSession: sessionOfData(r),
    })),
    events: cycle.events,
    decisions: cycle.decisions.map((d) => {
      if (d.status === 'sent') return d
      const symbols = decisionSymbols(d, cycle.events)
      return { ...d, symbol: symbols.length === 1 ? symbols[0]! : null, symbols }
    }),
    failures: cycle.failures.map((f) => ({
      what: f.what,
      kind: f.error.kind,
      message: f.error.message,
      fromCache: f.fromCache && f.bulkStandIn !== true,
      bulkStandIn: f.bulkStandIn === true,
      asOf: f.fetchedAt,
    })),
    unsaved: cycle.unsaved.map((f) => ({ what: f.label, path: f.path, reason: f.reason })),
    alertStateSaved: cycle.alertStateUnsaved === null && cycle.alertStateKeptAsIs === null,
  }
}
