// What the core shows right now: settings with per-run overrides, watch rows and engine status.
import type { Settings } from '../../shared/settings-schema'
import type { EngineStatus, WatchRow } from '../../shared/view-models'
import type { AlertInstance } from '../../shared/alert-rules'
import { instancesOf } from '../engine/alerts/engine-state'
import { snoozedSymbols, symbolsToFetch } from '../engine/poll/cycle'
import type { PollerStatus } from '../engine/poll/scheduler'
import { cachedRows } from '../engine/poll/snapshot-cache'
import type { CoreParts } from './core-parts'
import type { CycleRunner } from './cycle-runner'
import { buildStatus } from './status'

/** Stored settings with the CLI's per-run overrides (never saved) applied. */
export function effectiveSettings(p: CoreParts, s: Settings = p.settings.get()): Settings {
  const o = p.overrides
  return {
    ...s,
    ...(o.watchlist ? { watchlist: o.watchlist } : {}),
    ...(o.baseUrl !== undefined ? { baseUrl: o.baseUrl } : {}),
  }
}

/** The last time the current source answered, from its cache: kept across restarts. */
export function lastFetchedMs(p: CoreParts): number | null {
  const at = p.cache.lastFetchedAt()
  return at === null ? null : Date.parse(at)
}

/** The alert instances as shown now: their cooldown follows from the rules as they are. */
export function instancesNow(p: CoreParts): AlertInstance[] {
  return instancesOf(p.alerts.state.instances, p.settings.get().rules, new Date(p.clock.now()))
}

export function currentRows(p: CoreParts, runner: CycleRunner): WatchRow[] {
  const s = effectiveSettings(p)
  const nowMs = p.clock.now()
  return cachedRows({
    cache: p.cache,
    watchlist: s.watchlist,
    nowMs,
    intervalMs: s.intervalMinutes * 60_000,
    instances: instancesNow(p),
    snoozed: snoozedSymbols(s.rules, s.watchlist, new Date(nowMs)),
    errors: runner.symbolErrors,
    pollProblems: [p.saves.rowProblem()].filter((x): x is string => x !== null),
    findings: runner.findings,
    likeForLike: runner.likeForLike,
    screened: runner.screened,
  })
}

export function currentStatus(
  p: CoreParts,
  runner: CycleRunner,
  poller: PollerStatus,
): EngineStatus {
  const settings = effectiveSettings(p)
  return buildStatus({
    mode: p.connection.mode,
    baseUrl: p.connection.baseUrl,
    poller,
    lastError: runner.lastError,
    rows: currentRows(p, runner),
    instances: instancesNow(p),
    settings,
    nowMs: p.clock.now(),
    intervalMs: settings.intervalMinutes * 60_000,
    symbolCount: symbolsToFetch(settings, new Date(p.clock.now())).length,
    detailBudget: runner.detailBudget,
    // Start-up repairs stay visible for the whole session: they explain what the user sees.
    // A save problem shows while it lasts.
    notices: [...p.reports, ...[p.saves.notice()].filter((x): x is string => x !== null)],
  })
}
