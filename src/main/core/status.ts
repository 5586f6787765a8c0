// EngineStatus from its parts: the poller's view, the last cycle, alert instances and settings.
import type { AlertInstance, AlertState } from '../../shared/alert-rules'
import { countsAsFiring, standing } from '../../shared/alert-facts'
import type { SerializedError } from '../../shared/errors'
import type { Settings } from '../../shared/settings-schema'
import { linkFacts } from '../../shared/link-state'
import type { EngineStatus, WatchRow } from '../../shared/view-models'
import type { PollerStatus } from '../engine/poll/scheduler'
import { JUDGED_IN_TURN } from '../engine/poll/bulk-screen'
import { detailAgeBoundMs, detailCoverageText } from '../engine/poll/poll-plan'
import { staleSince, worstState } from '../engine/poll/snapshot'

export interface StatusParts {
  mode: 'demo' | 'live'
  baseUrl: string
  poller: PollerStatus
  lastError: SerializedError | null
  rows: WatchRow[]
  instances: AlertInstance[]
  settings: Settings
  nowMs: number
  intervalMs: number
  notices: string[]
  /** Symbols a poll covers and the asset details it fetches: the detail age bound. */
  symbolCount: number
  detailBudget: number
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString())

/** Failures that leave the service reachable: an unknown symbol does not degrade the connection. */
const LOCAL_KINDS = new Set(['not-found', 'bad-request', 'cancelled'])

export function buildStatus(p: StatusParts): EngineStatus {
  let connection = p.poller.connection
  if (connection === 'online' && p.lastError && !LOCAL_KINDS.has(p.lastError.kind))
    connection = 'degraded'
  const paused = p.settings.notificationsPausedUntil
  const stale = staleSince(p.rows, p.nowMs, p.intervalMs)
  const lastSuccessAt = iso(p.poller.lastSuccessAt)
  const shownFrom = p.rows.flatMap((r) => (r.fetchedAt === null ? [] : [r.fetchedAt])).sort()[0]
  return {
    mode: p.mode,
    baseUrl: p.baseUrl,
    connection,
    refreshing: p.poller.inFlight,
    lastSuccessAt,
    lastAttemptAt: iso(p.poller.lastAttemptAt),
    nextPollAt: iso(p.poller.nextDueAt),
    staleSince: stale,
    link: linkFacts({
      connection: p.poller.connection,
      lastError: p.lastError,
      lastAttemptAt: iso(p.poller.lastAttemptAt),
      dataFrom: stale ?? shownFrom ?? lastSuccessAt,
      failedRows: p.rows,
    }),
    lastError: p.lastError,
    // Held alerts (figures disagree, flapping) are not firing: see alert-facts.ts countsAsFiring.
    firingCount: p.instances.filter(countsAsFiring).length,
    worstState: worstState([
      ...p.instances.map((i) => standing(i) as AlertState),
      ...p.rows.map((r) => r.alertState),
    ]),
    notificationsPausedUntil: paused !== null && Date.parse(paused) > p.nowMs ? paused : null,
    notices: p.notices,
    detailAgeBoundMs: detailAgeBoundMs(p.symbolCount, p.detailBudget, p.intervalMs),
    detailCoverage: detailCoverageText(
      p.symbolCount,
      p.detailBudget,
      p.intervalMs,
      p.rows.filter((r) => r.detailFetchedAt === null).length,
      p.settings.rules
        .filter((r) => r.enabled && JUDGED_IN_TURN.has(r.condition.kind))
        .map((r) => r.condition.kind),
    ),
  }
}
