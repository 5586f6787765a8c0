// What the core shows right now: settings with per-run overrides, watch rows and engine status.
import type { EngineStatus, WatchRow } from '../../shared/view-models'
import type { AlertInstance } from '../../shared/alert-rules'
import { instancesOf } from '../engine/alerts/engine-state'
import { snoozedSymbols } from '../engine/poll/cycle'
import type { PollerStatus } from '../engine/poll/scheduler'
import { cachedRows } from '../engine/poll/snapshot-cache'
import type { CoreParts } from './core-parts'
import type { CycleRunner } from './cycle-runner'
import { buildStatus } from './status'

/** The last time the current source answered, from its cache: kept across restarts. */
export function lastFetchedMs(p: CoreParts): number | null {
  return p.data.lastFetchedMs()
}

/** The alert instances as shown now: their cooldown follows from the rules as they are. */
export function instancesNow(p: CoreParts): AlertInstance[] {
  return instancesOf(p.alerts.state.instances, p.settings.stored().rules, new Date(p.clock.now()))
}

export function currentRows(p: CoreParts, runner: CycleRunner): WatchRow[] {
  const s = p.settings.get()
  const nowMs = p.clock.now()
  return cachedRows({
    cache: p.data.current().cache,
    watchlist: s.watchlist,
    nowMs,
    intervalMs: s.intervalMinutes * 60_000,
    instances: instancesNow(p),
    snoozed: snoozedSymbols(s.rules, s.watchlist, new Date(nowMs)),
    errors: runner.symbolErrors,
    pollProblems: [p.saves.rowProblem()].filter((x): x is string => x !== null),
    findings: runner.findings,
    likeForLike: runner.likeForLike,
  })
}

export function currentStatus(
  p: CoreParts,
  runner: CycleRunner,
  poller: PollerStatus,
): EngineStatus {
  const settings = p.settings.get()
  return buildStatus({
    mode: p.data.current().connection.mode,
    baseUrl: p.data.current().connection.baseUrl,
    poller,
    lastError: runner.lastError,
    rows: currentRows(p, runner),
    instances: instancesNow(p),
    settings,
    nowMs: p.clock.now(),
    intervalMs: settings.intervalMinutes * 60_000,
    // Start-up repairs stay visible for the whole session: they explain what the user sees.
    // A save problem shows while it lasts.
    notices: [...p.reports.all(), ...[p.saves.notice()].filter((x): x is string => x !== null)],
  })
}
