// One poll cycle, in this order: fetch (fresh or cached) → evaluate alerts and advance their state
// in memory → deliver the notifications → save (cache, alert state, notification log) → rows.
// Saving comes last and never throws: a full or read-only disk must not silence an alert, and the
// poll's data stays in memory (the next successful save catches up). The flow splits live in
// cycle-flows.ts, the rows and their findings in cycle-rows.ts.
import type { AlertEvent, AlertInstance, NotificationDecision } from '../../../shared/alert-rules'
import type { SerializedError } from '../../../shared/errors'
import type { Settings } from '../../../shared/settings-schema'
import { systemUtcOffset, type UtcOffset } from '../../../shared/local-time'
import type { LikeForLikeChange, WatchRow } from '../../../shared/view-models'
import { evaluateCycle, type CycleInput as EvaluateInput } from '../alerts/evaluate'
import type { NotifyPrefs } from '../alerts/decide/quiet-hours'
import { liveTargets, ruleIsActive } from '../alerts/rules'
import { awayAfterMs } from '../alerts/decide/away'
import { newestSeriesDates } from './series-index'
import { entriesFromPoll, type HistoryEntry } from '../history/history-entry'
import type { FlowResult } from '../../../shared/flow'
import type { ResponseCache } from '../storage/cache'
import { fetchAll, requestFailures, type RequestFailure } from './cycle-fetch'
import { symbolsNeedingDetail } from '../alerts/needs-detail'
import type { DetailAttempts } from './detail-attempts'
import { addFailedAttempts, addNotJudged } from './not-judged'
import { DEFAULT_DETAIL_BUDGET, detailAgeBoundMs } from './poll-plan'
import type { SaveFailure, SaveHealth, Saveable } from '../storage/save-health'
import { toObservation } from './snapshot'
import { seriesEntry } from './series-index'
import { FLOW_WINDOW, flowWindows, flowsOf, splitsOver, type FlowReader } from './cycle-flows'
import { addSeriesGaps, cycleRowFindings, cycleRows } from './cycle-rows'
import { issuerWindowsOf, type ReadIssuerWindow } from './issuer-windows'
import type { AlertEngineState } from '../alerts/model'
import type { CycleClient, FetchResult, PlanContext } from './fetch-types'
import { decisionsToDeliver, type GatedAlertStore } from './deliverable'

// Where callers have always found them.
export { FLOW_WINDOW, FLOW_WINDOW_DAYS } from './cycle-flows'
export { snoozedSymbols } from './cycle-rows'

/** The alert state a cycle reads, advances in memory and saves (AlertStateStore). */
export interface CycleAlertStore extends GatedAlertStore {
  readonly state: AlertEngineState
  advance(state: AlertEngineState, events: AlertEvent[]): void
}

export interface CycleDeps {
  client: CycleClient
  cache: ResponseCache
  alerts: CycleAlertStore
  /**
   * Hands this poll's decisions to the user (OS notification, contact points' outbox, log in
   * memory); before any save. `events`: this poll's and the held ones a digest may tell;
   * `dataDates`: each symbol's newest series date in this poll's data (YYYY-MM-DD).
   */
  deliver(
    decisions: NotificationDecision[],
    events: readonly AlertEvent[],
    dataDates: ReadonlyMap<string, string>,
  ): void
  /** Saves without throwing and remembers what failed: rows and status say so from it. */
  saves: SaveHealth
  /** Other stores the poll changes (the notification log), saved with the cache and alert state. */
  alsoSave?: Saveable[]
  now: () => Date
  /** The user's time zone (quiet hours, times in messages); default the system's. */
  utcOffset?: UtcOffset
  /**
   * Notify only what the saved alert state remembers (the one-shot CLI: each run starts from the
   * file, so news whose state could not be saved would be sent again by every run).
   */
  notifyOnlyWhenSaved?: boolean
  /** Symbols the user was notified about lately (what a reset of the alert state must not repeat). */
  recentlyNotified?: () => ReadonlySet<string>
  /**
   * The app's own history: records this poll's fresh, validated details. Never throws (a failure
   * is the store's notice); it comes after the alerts, which it never holds up.
   */
  history?: FlowReader & {
    record(at: Date, entries: HistoryEntry[]): void
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
  /** The problems of the whole poll its rows carry (a save that failed). */
  pollProblems: string[]
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
  /** The alert state file is a newer version's: left as it is, this poll's progress not saved. */
  alertStateKeptAsIs: { path: string; version: number } | null
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
  const [flowsByWindow, issuers] = await Promise.all([
    flowsOf(deps.history, entries, now, windows),
    issuerWindowsOf(deps.history?.issuers, entries, now, plan.targets),
  ])
  const judged = evaluateInput(deps, settings, fetched, now, intervalMs)
  const evaluated = evaluateCycle({ ...judged, flows: flowsByWindow, issuers })
  addSeriesGaps(evaluated.findings, fetched)
  addNotJudged(evaluated.findings, fetched, plan.budget, now, tz)
  const bound = detailAgeBoundMs(symbols.length, plan.budget, intervalMs)
  addFailedAttempts(evaluated.findings, fetched, plan.attempts, bound, now, tz)
  // A digest at the end of quiet hours tells events held by earlier polls: read them before advancing.
  const told = [...deps.alerts.state.held.map((h) => h.event), ...evaluated.events]
  // In memory first: the next poll continues from here even if saving fails (no second notification).
  deps.alerts.advance(evaluated.state, evaluated.events)
  const decisions = await decisionsToDeliver(deps, evaluated.decisions)
  deps.deliver(decisions, told, judged.sourceDates ?? new Map())
  // News held back as unsaved must stay untold in the saved state too: a later write of this
  // poll's state (the disk back meanwhile) would record as told what nobody was sent.
  const heldUnsaved = decisions.some((d) => d.status === 'suppressed' && d.reason === 'unsaved')
  await deps.saves.saveAll([
    deps.cache,
    ...(heldUnsaved ? [] : [deps.alerts]),
    ...(deps.alsoSave ?? []),
  ])
  const flows = splitsOver(flowsByWindow, FLOW_WINDOW)
  deps.history?.record(now, entries)
  const pollProblems = [deps.saves.rowProblem()].filter((p): p is string => p !== null)
  const rows = cycleRows(settings, fetched, evaluated, now, pollProblems)
  return {
    outcome: cycleOutcome(fetched),
    at: now.toISOString(),
    rows,
    pollProblems,
    events: evaluated.events,
    decisions,
    instances: evaluated.instances,
    error: pickError(fetched.errors),
    retryAfterMs: longestRetryAfter(fetched.errors),
    failures: requestFailures(fetched),
    unsaved: deps.saves.failures(),
    alertStateUnsaved: deps.saves.failure(deps.alerts),
    alertStateKeptAsIs: keptAsIs(deps.alerts),
    findings: evaluated.findings,
    likeForLike: evaluated.likeForLike,
    rowFindings: cycleRowFindings(fetched, evaluated, poolsBefore, flows, issuers, now, tz),
    flows,
  }
}

function keptAsIs(alerts: CycleAlertStore): CycleResult['alertStateKeptAsIs'] {
  const version = alerts.newerVersion ?? null
  return version === null ? null : { path: alerts.path, version }
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
    dailySeries: (symbol) => dailySeriesOf(fetched, symbol),
    prefs: notifyPrefs(settings, deps.utcOffset),
    state: deps.alerts.state,
    recentlyNotified: deps.alerts.state.afterReset ? deps.recentlyNotified?.() : undefined,
    awayAfterMs: awayAfterMs(intervalMs),
  }
}

/** The symbol's series in this poll's bulk analytics (fresh, or cached when the fetch failed). */
function dailySeriesOf(fetched: FetchResult, symbol: string) {
  for (const f of fetched.stock.values()) {
    const entry = seriesEntry(f.data, symbol)
    if (entry !== undefined) return entry.series
  }
  return undefined
}

/** Prefer a reachability problem over a per-symbol one: it is what the status bar should say. */
function pickError(errors: SerializedError[]): SerializedError | null {
  return errors.find((e) => !LOCAL_KINDS.has(e.kind)) ?? errors[0] ?? null
}

function longestRetryAfter(errors: SerializedError[]): number | null {
  const asked = errors.flatMap((e) => (e.retryAfterMs === undefined ? [] : [e.retryAfterMs]))
  return asked.length > 0 ? Math.max(...asked) : null
}
