// One poll cycle: fetch (fresh or cached), flush the cache once, evaluate alerts, commit their
// state once, and hand back the rows, events and notification decisions of this cycle.
import type {
  AlertEvent,
  AlertInstance,
  AlertRule,
  NotificationDecision,
} from '../../shared/alert-rules'
import type { SerializedError } from '../../shared/errors'
import type { AssetType } from '../../shared/liquidity-schemas'
import type { Settings } from '../../shared/settings-schema'
import type { KnownSymbol, WatchRow } from '../../shared/view-models'
import type { AlertEngineState } from './alerts/engine-state'
import { evaluateCycle } from './alerts/evaluate'
import type { NotifyPrefs } from './alerts/quiet-hours'
import { liveTargets, ruleIsActive } from './alerts/rules'
import { newestSeriesDates } from './alerts/source-freshness'
import type { ResponseCache } from './cache'
import { fetchAll, type CycleClient, type FetchResult } from './cycle-fetch'
import { buildRow, rowProblems, sparklineFor, staleSince, toObservation } from './snapshot'

/** The alert state persistence a cycle needs (AlertStateStore): last committed state, one commit. */
export interface CycleAlertStore {
  readonly state: AlertEngineState
  commit(state: AlertEngineState, events: AlertEvent[]): Promise<void>
}

export interface CycleDeps {
  client: CycleClient
  cache: ResponseCache
  alerts: CycleAlertStore
  now: () => Date
  localMinuteOfDay?: (now: Date) => number
}

export interface CycleInput {
  settings: Settings
  intervalMs: number
  signal: AbortSignal
}

export interface CycleResult {
  outcome: 'ok' | 'failed'
  at: string
  rows: WatchRow[]
  events: AlertEvent[]
  decisions: NotificationDecision[]
  instances: AlertInstance[]
  knownSymbols: KnownSymbol[]
  /** The most telling failure of the cycle (null when everything answered). */
  error: SerializedError | null
  staleSince: string | null
  /** Longest Retry-After the service asked for this cycle, if any. */
  retryAfterMs: number | null
}

/** Failures that say nothing about reachability: a wrong symbol is not an outage. */
const LOCAL_KINDS = new Set(['not-found', 'bad-request'])

export function notifyPrefs(
  settings: Settings,
  localMinuteOfDay?: (now: Date) => number,
): NotifyPrefs {
  return {
    notificationsEnabled: settings.notifications.enabled,
    quietHours: settings.quietHours,
    pausedUntil: settings.notificationsPausedUntil,
    notifyUnverified: settings.notifications.notifyUnverified,
    localMinuteOfDay: localMinuteOfDay ?? ((d) => d.getHours() * 60 + d.getMinutes()),
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

export function knownSymbolsOf(
  stock: Map<AssetType, { data: { data: { symbol: string }[] } | null }>,
): KnownSymbol[] {
  const out: KnownSymbol[] = []
  for (const [assetType, f] of stock)
    for (const d of f.data?.data ?? []) out.push({ symbol: d.symbol, assetType })
  return out.sort((a, b) => a.symbol.localeCompare(b.symbol))
}

export async function runCycle(deps: CycleDeps, input: CycleInput): Promise<CycleResult> {
  const { settings, intervalMs, signal } = input
  const started = deps.now()
  const fetched = await fetchAll(
    { client: deps.client, cache: deps.cache, signal, now: deps.now, intervalMs },
    symbolsToFetch(settings, started),
  )
  // One atomic write per cycle, whatever the number of requests.
  await deps.cache.flush()

  const now = deps.now()
  const observations = new Map(fetched.snapshots.map((s) => [s.symbol, toObservation(s)]))
  const evaluated = evaluateCycle({
    now,
    rules: settings.rules,
    watchlist: settings.watchlist,
    observations,
    sourceDates: newestSeriesDates(fetched.stock),
    prefs: notifyPrefs(settings, deps.localMinuteOfDay),
    state: deps.alerts.state,
  })
  await deps.alerts.commit(evaluated.state, evaluated.events)

  const snoozed = snoozedSymbols(settings.rules, settings.watchlist, now)
  const bySymbol = new Map(fetched.snapshots.map((s) => [s.symbol, s]))
  const rows = settings.watchlist.map((symbol) => {
    const s = bySymbol.get(symbol)!
    const type = s.detail?.assetType as AssetType | undefined
    const stock = type ? fetched.stock.get(type)?.data : null
    const problems = rowProblems(s, evaluated.findings[symbol])
    return buildRow(
      s,
      sparklineFor(stock, symbol),
      evaluated.instances,
      snoozed.has(symbol),
      problems,
    )
  })
  const outcome = cycleOutcome(fetched)
  return {
    outcome,
    at: now.toISOString(),
    rows,
    events: evaluated.events,
    decisions: evaluated.decisions,
    instances: evaluated.instances,
    knownSymbols: knownSymbolsOf(fetched.stock),
    error: pickError(fetched.errors),
    staleSince: staleSince(rows),
    retryAfterMs: longestRetryAfter(fetched.errors),
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
