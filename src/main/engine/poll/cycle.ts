// One poll cycle, in this order: fetch (fresh or cached) → evaluate alerts and advance their state
// in memory → deliver the notifications → save (cache, alert state, notification log) → rows.
// Saving comes last and never throws: a full or read-only disk must not silence an alert, and the
// poll's data stays in memory (the next successful save catches up).
import type {
  AlertEvent,
  AlertInstance,
  AlertRule,
  ChangeWindow,
  NotificationDecision,
} from '../../../shared/alert-rules'
import { windowDays } from '../alerts/format'
import type { SerializedError } from '../../../shared/errors'
import type { AssetType } from '../../../shared/liquidity-schemas'
import type { Settings } from '../../../shared/settings-schema'
import { systemUtcOffset, type UtcOffset } from '../../../shared/local-time'
import type { LikeForLikeChange, WatchRow } from '../../../shared/view-models'
import type { AlertEngineState } from '../alerts/engine-state'
import {
  evaluateCycle,
  type CycleInput as EvaluateInput,
  type CycleResult as Evaluated,
} from '../alerts/evaluate'
import type { NotifyPrefs } from '../alerts/quiet-hours'
import { liveTargets, ruleIsActive, type Target } from '../alerts/rules'
import { awayAfterMs } from '../alerts/away'
import { newestSeriesDates } from '../alerts/source-freshness'
import { entriesFromPoll, type HistoryEntry } from '../history/history-entry'
import type { FlowResult } from '../../../shared/flow'
import type { ResponseCache } from '../storage/cache'
import {
  fetchAll,
  requestFailures,
  type CycleClient,
  type FetchResult,
  type PlanContext,
  type RequestFailure,
} from './cycle-fetch'
import { symbolsNeedingDetail } from '../alerts/needs-detail'
import type { DetailAttempts } from './detail-attempts'
import { addFailedAttempts, addNotJudged } from './not-judged'
import { DEFAULT_DETAIL_BUDGET, detailAgeBoundMs } from './poll-plan'
import type { SaveFailure, SaveHealth, Saveable } from '../storage/save-health'
import { buildRow, seriesFactsFor, toObservation } from './snapshot'
import { rowFindings } from './row-findings'
import { issuerWindowsOf, type ReadIssuerWindow } from './issuer-windows'

/** The alert state a cycle reads, advances in memory and saves (AlertStateStore). */
export interface CycleAlertStore extends Saveable {
  readonly state: AlertEngineState
  advance(state: AlertEngineState, events: AlertEvent[]): void
}

export interface CycleDeps {
  client: CycleClient
  cache: ResponseCache
  alerts: CycleAlertStore
  /** Hands this poll's decisions to the user (OS notification, log in memory); before any save. */
  deliver(decisions: NotificationDecision[]): void
  /** Saves without throwing and remembers what failed: rows and status say so from it. */
  saves: SaveHealth
  /** Other stores the poll changes (the notification log), saved with the cache and alert state. */
  alsoSave?: Saveable[]
  now: () => Date
  /** The user's time zone (quiet hours, times in messages); default the system's. */
  utcOffset?: UtcOffset
  /** Symbols the user was notified about lately (what a reset of the alert state must not repeat). */
  recentlyNotified?: () => ReadonlySet<string>
  /**
   * The app's own history: records this poll's fresh, validated details. Never throws (a failure
   * is the store's notice); it comes after the alerts, which it never holds up.
   */
  history?: {
    record(at: Date, entries: HistoryEntry[]): void
    /** Flow vs price of a symbol now against the history a window ago. */
    flow?(symbol: string, now: { at: number; tvl: number; price: number }, days: number): FlowResult
    /** Each issuer now against the history `days` ago (null: the last poll): issuer-moves.ts. */
    issuers?: ReadIssuerWindow
  }
}

export interface CycleInput {
  settings: Settings
  intervalMs: number
  signal: AbortSignal
  /**
   * Longest the poll may wait in all (rate holds, back-off between attempts); default its interval,
   * so a poll never outlasts it. The one-shot CLI sets it small.
   */
  waitBudgetMs?: number
  /**
   * Asset details per poll (default DEFAULT_DETAIL_BUDGET): watchlists within it fetch every detail
   * every poll; larger ones are polled in tiers (poll-plan.ts). Infinity: always every detail.
   */
  detailBudget?: number
  /** Symbols on screen (visible watchlist rows): their details are fetched first. */
  visible?: ReadonlySet<string>
  /**
   * The last detail request per symbol, kept by the caller from poll to poll (detail-attempts.ts);
   * updated in place. Default: none known (the core keeps them in detail-attempts-file.ts).
   */
  attempts?: DetailAttempts
}

export interface CycleResult {
  outcome: 'ok' | 'failed'
  at: string
  rows: WatchRow[]
  events: AlertEvent[]
  decisions: NotificationDecision[]
  instances: AlertInstance[]
  /** The most telling failure of the cycle (null when everything answered). */
  error: SerializedError | null
  /** Longest Retry-After the service asked for this cycle, if any. */
  retryAfterMs: number | null
  /** Every request of the poll that failed, with whether cached data stood in. */
  failures: RequestFailure[]
  /** Stores this poll could not save: their data stays in memory until a later save lands. */
  unsaved: SaveFailure[]
  /**
   * Why the alert state did not reach the disk (null when it did). A process that ends now (the CLI)
   * then loses this poll's alert progress: its next run starts from the last state saved.
   */
  alertStateUnsaved: SaveFailure | null
  /** Per symbol read: what makes its data less than trustworthy (kept in memory, not stored). */
  findings: Record<string, string[]>
  /** Per symbol with parts missing: the like-for-like change judged (kept in memory, not stored). */
  likeForLike: Record<string, LikeForLikeChange>
  /** Per watched symbol: what its data tells beyond the figures (row-findings.ts), plain words. */
  rowFindings: Record<string, string[]>
  /**
   * Per symbol with a fresh detail this poll: its 7-day TVL change split into price and net flow
   * from the app's own history (or why not); absent for the others.
   */
  flows: Record<string, FlowResult>
}

/** The window of the flow vs price split on rows and in `check --json`. */
export const FLOW_WINDOW: ChangeWindow = '7d'
export const FLOW_WINDOW_DAYS = windowDays(FLOW_WINDOW)

/** Failures that say nothing about reachability: a wrong symbol is not an outage. */
const LOCAL_KINDS = new Set(['not-found', 'bad-request'])

export function notifyPrefs(settings: Settings, utcOffset?: UtcOffset): NotifyPrefs {
  return {
    notificationsEnabled: settings.notifications.enabled,
    quietHours: settings.quietHours,
    pausedUntil: settings.notificationsPausedUntil,
    notifyUnverified: settings.notifications.notifyUnverified,
    utcOffset: utcOffset ?? systemUtcOffset,
  }
}

/** Watchlist first, then symbols only named by active 'symbols'-scoped rules (they need data too). */
export function symbolsToFetch(settings: Settings, now: Date): string[] {
  const out = new Set(settings.watchlist)
  for (const rule of settings.rules) {
    if (rule.scope.kind === 'symbols' && ruleIsActive(rule, now))
      rule.scope.symbols.forEach((s) => out.add(s))
  }
  return [...out]
}

export function snoozedSymbols(rules: AlertRule[], watchlist: string[], now: Date): Set<string> {
  return new Set(
    liveTargets(rules, watchlist, now)
      .filter((t) => t.snoozed)
      .map((t) => t.symbol),
  )
}

export function cycleOutcome(
  f: Pick<FetchResult, 'requests' | 'successes' | 'errors'>,
): 'ok' | 'failed' {
  if (f.successes > 0 || f.requests === 0) return 'ok'
  return f.errors.every((e) => LOCAL_KINDS.has(e.kind)) ? 'ok' : 'failed'
}

export async function runCycle(deps: CycleDeps, input: CycleInput): Promise<CycleResult> {
  const { settings, intervalMs, signal } = input
  const deadline = deps.now().getTime() + Math.min(intervalMs, input.waitBudgetMs ?? Infinity)
  const start = deps.now()
  const plan: PlanContext = {
    budget: input.detailBudget ?? DEFAULT_DETAIL_BUDGET,
    targets: liveTargets(settings.rules, settings.watchlist, start),
    alertRelevant: symbolsNeedingDetail(deps.alerts.state, settings.rules, start),
    visible: input.visible ?? new Set(),
    attempts: input.attempts ?? new Map(),
  }
  const symbols = symbolsToFetch(settings, start)
  const fetched = await fetchAll(
    { client: deps.client, cache: deps.cache, signal, deadline, now: deps.now, intervalMs, plan },
    symbols,
  )
  const now = deps.now()
  const tz = deps.utcOffset ?? systemUtcOffset
  const poolsBefore = deps.alerts.state.pools
  // Read before this poll is recorded: the splits judge net-flow rules and show on rows.
  const entries = entriesFromPoll(fetched)
  const windows = flowWindows(plan.targets)
  const flowsByWindow = flowsOf(deps.history, entries, now, windows)
  const issuers = issuerWindowsOf(deps.history?.issuers, entries, now, plan.targets)
  const evaluated = evaluateCycle({
    ...evaluateInput(deps, settings, fetched, now, intervalMs),
    flows: flowsByWindow,
    issuers,
  })
  addSeriesGaps(evaluated.findings, fetched)
  addNotJudged(evaluated.findings, fetched, plan.budget, now, tz)
  const bound = detailAgeBoundMs(symbols.length, plan.budget, intervalMs)
  addFailedAttempts(evaluated.findings, fetched, plan.attempts, bound, now, tz)
  // In memory first: the next poll continues from here even if saving fails (no second notification).
  deps.alerts.advance(evaluated.state, evaluated.events)
  deps.deliver(evaluated.decisions)
  await deps.saves.saveAll([deps.cache, deps.alerts, ...(deps.alsoSave ?? [])])
  const flows = splitsOver(flowsByWindow, '7d')
  deps.history?.record(now, entries)
  const pollProblems = [deps.saves.rowProblem()].filter((p): p is string => p !== null)
  const rows = cycleRows(settings, fetched, evaluated, now, pollProblems)
  return {
    outcome: cycleOutcome(fetched),
    at: now.toISOString(),
    rows,
    events: evaluated.events,
    decisions: evaluated.decisions,
    instances: evaluated.instances,
    error: pickError(fetched.errors),
    retryAfterMs: longestRetryAfter(fetched.errors),
    failures: requestFailures(fetched),
    unsaved: deps.saves.failures(),
    alertStateUnsaved: deps.saves.failure(deps.alerts),
    findings: evaluated.findings,
    likeForLike: evaluated.likeForLike,
    rowFindings: Object.fromEntries(
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
    ),
    flows,
  }
}

type FlowsByWindow = Record<string, Partial<Record<ChangeWindow, FlowResult>>>

/** The 7-day window (rows, `check --json`) and every window a live net-flow rule judges. */
function flowWindows(targets: readonly Target[]): ChangeWindow[] {
  const out = new Set<ChangeWindow>([FLOW_WINDOW])
  for (const t of targets) if (t.condition.kind === 'net-flow') out.add(t.condition.window)
  return [...out]
}

/** Flow vs price for the poll's fresh details, read before this poll is recorded. */
function flowsOf(
  history: CycleDeps['history'],
  entries: HistoryEntry[],
  now: Date,
  windows: readonly ChangeWindow[],
): FlowsByWindow {
  const out: FlowsByWindow = {}
  if (!history?.flow) return out
  for (const e of entries) {
    const at = { at: now.getTime(), tvl: e.tvl, price: e.price }
    const mine: Partial<Record<ChangeWindow, FlowResult>> = {}
    for (const w of windows) {
      const days = windowDays(w)
      try {
        mine[w] = history.flow(e.symbol, at, days)
      } catch {
        // History never holds up a poll: a read that fails is only a split not given.
        mine[w] = {
          kind: 'unknown',
          windowDays: days,
          reason: 'the history of figures could not be read, so the change is not split',
        }
      }
    }
    out[e.symbol] = mine
  }
  return out
}

function splitsOver(flows: FlowsByWindow, w: ChangeWindow): Record<string, FlowResult> {
  const out: Record<string, FlowResult> = {}
  for (const [symbol, f] of Object.entries(flows)) if (f[w] !== undefined) out[symbol] = f[w]
  return out
}

/** The one place a poll's alert evaluation input is built. */
function evaluateInput(
  deps: Pick<CycleDeps, 'alerts' | 'utcOffset' | 'recentlyNotified'>,
  settings: Settings,
  fetched: FetchResult,
  now: Date,
  intervalMs: number,
): EvaluateInput {
  return {
    now,
    rules: settings.rules,
    watchlist: settings.watchlist,
    observations: new Map(fetched.snapshots.map((s) => [s.symbol, toObservation(s)])),
    sourceDates: newestSeriesDates(fetched.stock),
    prefs: notifyPrefs(settings, deps.utcOffset),
    state: deps.alerts.state,
    recentlyNotified: deps.alerts.state.afterReset ? deps.recentlyNotified?.() : undefined,
    awayAfterMs: awayAfterMs(intervalMs),
  }
}

/** The one place a poll's rows are built: watchlist order, with the poll's own problems on each. */
function cycleRows(
  settings: Settings,
  fetched: FetchResult,
  evaluated: Evaluated,
  now: Date,
  pollProblems: string[],
): WatchRow[] {
  const snoozed = snoozedSymbols(settings.rules, settings.watchlist, now)
  const bySymbol = new Map(fetched.snapshots.map((s) => [s.symbol, s]))
  return settings.watchlist.map((symbol) => {
    const s = bySymbol.get(symbol)!
    const type = (s.detail?.assetType ?? s.screen?.assetType) as AssetType | undefined
    const stock = type ? fetched.stock.get(type) : null
    return buildRow(s, seriesFactsFor(stock, symbol), evaluated.instances, snoozed.has(symbol), {
      findings: evaluated.findings[symbol],
      likeForLike: evaluated.likeForLike[symbol],
      poll: pollProblems,
    })
  })
}

/**
 * A symbol the fresh analytics of its asset type leave out: its sparkline and data date are
 * missing, and whether the service's data for it is current cannot be checked. Said on its row.
 */
function addSeriesGaps(findings: Record<string, string[]>, fetched: FetchResult): void {
  for (const s of fetched.snapshots) {
    const type = s.detail?.assetType as AssetType | undefined
    const analytics = type ? fetched.stock.get(type) : undefined
    if (!analytics?.data || analytics.fromCache) continue
    if (analytics.data.data.some((d) => d.symbol === s.symbol)) continue
    ;(findings[s.symbol] ??= []).push(
      `the service's ${type} analytics have no series for ${s.symbol}, so whether its data is current cannot be checked`,
    )
  }
}

/** Prefer a reachability problem over a per-symbol one: it is what the status bar should say. */
function pickError(errors: SerializedError[]): SerializedError | null {
  return errors.find((e) => !LOCAL_KINDS.has(e.kind)) ?? errors[0] ?? null
}

function longestRetryAfter(errors: SerializedError[]): number | null {
  const asked = errors.flatMap((e) => (e.retryAfterMs === undefined ? [] : [e.retryAfterMs]))
  return asked.length > 0 ? Math.max(...asked) : null
}
