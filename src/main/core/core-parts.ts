// Everything AppCore owns, opened once: settings, cache, alert state, key, connection, log.
import type { NotificationDecision } from '../../shared/alert-rules'
import type { UtcOffset } from '../../shared/local-time'
import type { EventSink } from '../ipc/events'
import { AlertStateStore } from '../engine/alerts/alert-state-store'
import { cacheNamespace } from '../engine/storage/cache-namespace'
import type { KeyValueStoreFactory } from '../engine/storage/key-value-store'
import { SaveHealth } from '../engine/storage/save-health'
import { realClock, type Clock } from '../engine/poll/scheduler'
import type { SecretStore } from '../engine/secrets/secret-store'
import { openSettings } from '../engine/settings/settings-store'
import type { ClientTuning, EmbeddedServiceOptions } from './connection'
import { ApiKey } from './api-key'
import { DataSource, openCacheOf } from './data-source'
import { NotificationLog } from './notification-log'
import { CoreSettings, type RunOverrides } from './core-settings'
import { RateLimits } from './rate-limits'
import { Reports } from './reports'

export interface AppCoreDeps {
  /** Settings, offline cache and alert state live here. */
  dataDir: string
  createSettingsStore: KeyValueStoreFactory
  secretStore: SecretStore
  /**
   * Bind a key stored before keys were bound to the service saved at this start (the app: default
   * true). The CLI passes false: its settings are its own, not the app's, so it cannot know which
   * service the app's key was entered for.
   */
  bindLegacyKey?: boolean
  emit: EventSink
  /** The OS notification call; receives 'sent' decisions only. */
  notify: (d: NotificationDecision) => void
  clock?: Clock
  isPackaged?: boolean
  /** Options for the embedded demo service (used while settings.baseUrl is null). */
  embeddedService?: EmbeddedServiceOptions
  client?: ClientTuning
  /**
   * Longest one poll may wait in all at rate holds and between attempts (default: the poll
   * interval). The CLI sets it small: a one-shot check gives up quickly instead of waiting out a
   * rate limit.
   */
  pollWaitBudgetMs?: number
  /** Per-run replacements that are not persisted (the CLI's --symbols and --base-url). */
  overrides?: RunOverrides
  /** The user's time zone for quiet hours and times in messages; default the system's. */
  utcOffset?: UtcOffset
  /** Diagnostics (never the key). */
  log?: (line: string) => void
}

export interface CoreParts {
  clock: Clock
  /** The settings in force (stored, with this run's overrides). */
  settings: CoreSettings
  /** The connection, the cache and the name of the current data source, and switching it. */
  data: DataSource
  alerts: AlertStateStore
  log: NotificationLog
  /** Every save of cache, alert state and log goes through it: what cannot be saved, and why. */
  saves: SaveHealth
  /** The API key's owner (in memory and the secret store only). */
  key: ApiKey
  /** Per-origin rate-limit holds for every request this core makes, and their file. */
  rateLimits: RateLimits
  reports: Reports
}

export async function openCoreParts(deps: AppCoreDeps): Promise<CoreParts> {
  const clock = deps.clock ?? realClock
  const reports = new Reports(deps.log)
  const reportLine = (line: string): void => reports.line(line)
  const report = (r: string | null): void => reports.add(r)
  const now = (): Date => new Date(clock.now())
  const store = openSettings({
    dir: deps.dataDir,
    create: deps.createSettingsStore,
    now,
    help: deps.client?.help,
  })
  report(store.report)
  const settings = new CoreSettings(store, deps.overrides)
  const baseUrl = settings.get().baseUrl
  const saves = new SaveHealth(reportLine)
  const cache = await openCacheOf(
    { dataDir: deps.dataDir, clock, saves, reports },
    cacheNamespace(baseUrl),
    true,
  )
  const alerts = await AlertStateStore.open(deps.dataDir, { now, source: cacheNamespace(baseUrl) })
  report(alerts.report)
  const log = await NotificationLog.open(deps.dataDir, { now })
  report(log.report)
  const rateLimits = await RateLimits.open(deps.dataDir, clock, reportLine)
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
  return { clock, settings, data, alerts, log, saves, key, rateLimits, reports }
}
