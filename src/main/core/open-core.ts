// Opens the core's owners once, in order (settings, the source's cache, alert state, log, rate
// holds, key, connection), and wires the poll: its runner, the view of what is shown, its loop.
// Only the facade takes the result; every other module gets the few owners it asks.
import { DEMO_SOURCE } from '../engine/storage/cache-namespace'
import { seedDemoHistory } from './demo-history'
import { ALERT_STATE_FILE, AlertStateStore } from '../engine/storage/alert-state-store'
import { HistoryClient } from '../engine/history/history-client'
import { historyPath } from '../engine/history/history-store'
import { realClock, type Clock } from '../engine/poll/scheduler'
import { cacheNamespace } from '../engine/storage/cache-namespace'
import { SaveHealth } from '../engine/storage/save-health'
import {
  LAST_GOOD_FILE_NAME,
  openSettings,
  SETTINGS_CONFIG_NAME,
} from '../engine/settings/settings-store'
import { RATE_HOLDS_FILE } from '../engine/storage/rate-hold-file'
import { sweepTempFiles } from '../engine/storage/temp-sweep'
import { ApiKey } from './api-key'
import type { AppCoreDeps } from './core-deps'
import { CoreSettings } from './core-settings'
import { CoreView } from './core-view'
import { CycleRunner } from './cycle-runner'
import { DataSource, openCacheOf } from './data-source'
import { NOTIFICATION_LOG_FILE, NotificationLog } from './notification-log'
import { PollLoop } from './poll-loop'
import { RateLimits } from './rate-limits'
import { Reports } from './reports'
import { Delivery } from '../engine/delivery/delivery'
import { Outbox } from '../engine/delivery/outbox'
import { outboxPath } from '../engine/delivery/outbox-file'

/** Files kept in the data dir itself, and beside the alert state (the CLI's --rule runs keep their own). */
const DATA_DIR_FILES = [`${SETTINGS_CONFIG_NAME}.json`, LAST_GOOD_FILE_NAME, RATE_HOLDS_FILE]
const ALERT_DIR_FILES = [ALERT_STATE_FILE, NOTIFICATION_LOG_FILE]

/** The owners, one per piece of state; none is handed on whole. */
export interface CoreOwners {
  readonly clock: Clock
  readonly settings: CoreSettings
  readonly data: DataSource
  readonly key: ApiKey
  readonly alerts: AlertStateStore
  readonly log: NotificationLog
  /** Every save of cache, alert state and log goes through it: what cannot be saved, and why. */
  readonly saves: SaveHealth
  readonly rateLimits: RateLimits
  readonly reports: Reports
  /** The app's own history of polls (history.sqlite, in a worker thread); never blocks a poll. */
  readonly history: HistoryClient
  readonly view: CoreView
  readonly poll: PollLoop
  /** Delivery to contact points (the outbox), when the core was given channels; else null. */
  readonly delivery: Delivery | null
}

export async function openCore(deps: AppCoreDeps): Promise<CoreOwners> {
  const clock = deps.clock ?? realClock
  const reports = new Reports(deps.log)
  const line = (l: string): void => reports.line(l)
  const now = (): Date => new Date(clock.now())
  // Before any owner writes: temp files a killed run left beside our files (file ages are the
  // disk's wall clock, not the core's clock).
  const alertDir = deps.alertStateDir ?? deps.dataDir
  await sweepTempFiles(deps.dataDir, [...DATA_DIR_FILES, ...ALERT_DIR_FILES])
  if (alertDir !== deps.dataDir) await sweepTempFiles(alertDir, ALERT_DIR_FILES)
  const store = openSettings({
    dir: deps.dataDir,
    create: deps.createSettingsStore,
    now,
    help: deps.client?.help,
  })
  reports.add(store.report)
  const settings = new CoreSettings(store, deps.overrides)
  const baseUrl = settings.get().baseUrl
  const source = cacheNamespace(baseUrl)
  const saves = new SaveHealth(line)
  const cache = await openCacheOf({ dataDir: deps.dataDir, clock, saves, reports }, source, true)
  const alerts = await AlertStateStore.open(alertDir, { now, source })
  reports.add(alerts.report)
  const log = await NotificationLog.open(alertDir, { now })
  reports.add(log.report)
  const rateLimits = await RateLimits.open(deps.dataDir, clock, line, deps.onRateHold)
  reports.add(rateLimits.report)
  const history = await HistoryClient.open({
    path: historyPath(deps.dataDir),
    now,
    onReport: (r) => reports.add(r),
    openDb: deps.openHistoryDb,
  })
  const legacyTo = deps.bindLegacyKey === false ? null : settings.stored().baseUrl
  const key = new ApiKey(deps.secretStore, legacyTo, reports)
  const data = await DataSource.open(
    {
      dataDir: deps.dataDir,
      clock,
      saves,
      reports,
      key,
      rateLimits,
      embedded: deps.embeddedService,
      client: deps.client,
      isPackaged: deps.isPackaged,
    },
    baseUrl,
    cache,
  )
  key.startupOver()
  if (deps.seedDemoHistory === true && data.current().name === DEMO_SOURCE)
    await seedDemoHistory(history, DEMO_SOURCE, settings.get().watchlist, clock.now())

  const delivery = openDelivery(deps, clock, settings, reports)
  const runner = new CycleRunner({
    clock,
    settings,
    data,
    alerts,
    log,
    saves,
    reports,
    history,
    notify: deps.notify,
    delivery,
    utcOffset: deps.utcOffset,
    waitBudgetMs: deps.pollWaitBudgetMs,
    notifyOnlyWhenSaved: deps.notifyOnlyWhenSaved,
    detailBudget: deps.detailBudget,
  })
  const view = new CoreView({
    clock,
    settings,
    data,
    alerts,
    saves,
    reports,
    history,
    poll: runner,
  })
  const poll = new PollLoop({
    clock,
    settings,
    runner,
    view,
    rateLimits,
    emit: deps.emit,
    // Offline after a restart still says when the shown data is from.
    lastSuccessAt: data.lastFetchedMs(),
  })
  return {
    clock,
    settings,
    data,
    key,
    alerts,
    log,
    saves,
    rateLimits,
    reports,
    history,
    view,
    poll,
    delivery,
  }
}

/** The outbox in the data dir and its sender; what an earlier run left queued is sent now. */
function openDelivery(
  deps: AppCoreDeps,
  clock: Clock,
  settings: CoreSettings,
  reports: Reports,
): Delivery | null {
  if (deps.delivery === undefined) return null
  const d = deps.delivery
  const outbox = d.outbox ?? Outbox.open(outboxPath(deps.dataDir), new Date(clock.now()))
  if (outbox.report !== null) reports.add(outbox.report)
  const delivery = new Delivery({
    outbox,
    clock,
    channelFor: d.channelFor,
    secrets: d.secrets,
    settings: () => settings.get(),
    runPoints: d.runContactPoints,
    utcOffset: deps.utcOffset,
    random: d.random,
    sendTimeoutMs: d.sendTimeoutMs,
    retry: d.retry,
    log: (l) => reports.line(l),
  })
  delivery.kick()
  return delivery
}

/** Closes the owners in order; `switching`: a source switch under way, to land first. */
export async function closeOwners(o: CoreOwners, switching: Promise<void>): Promise<void> {
  o.poll.stop()
  // The aborted cycle may still be writing (cache, alert state): let it land before closing.
  await o.poll.settled()
  await switching
  await o.data.flush()
  await o.alerts.settled()
  await o.log.settled()
  await o.rateLimits.save()
  await o.data.close()
  // The CLI ends after this: the worker's last write lands and the file is closed first.
  await o.history.close()
  // What is being sent stays queued: the next start sends it (the same id, so never twice).
  o.delivery?.close()
}
