// Everything AppCore owns, opened once: settings, cache, alert state, key, connection, log.
import type { NotificationDecision } from '../../shared/alert-rules'
import type { UtcOffset } from '../../shared/local-time'
import type { EventSink } from '../ipc/events'
import { RateGates } from '../client/rate-gate'
import { AlertStateStore } from '../engine/alerts/alert-state-store'
import type { ResponseCache } from '../engine/storage/cache'
import { cacheNamespace, openSourceCache } from '../engine/storage/cache-namespace'
import type { KeyValueStoreFactory } from '../engine/storage/key-value-store'
import { RateHoldFile } from '../engine/storage/rate-hold-file'
import { SaveHealth } from '../engine/storage/save-health'
import { realClock, type Clock } from '../engine/poll/scheduler'
import type { SecretStore } from '../engine/secrets/secret-store'
import { openSettings } from '../engine/settings/settings-store'
import {
  openConnection,
  type ClientTuning,
  type Connection,
  type EmbeddedServiceOptions,
} from './connection'
import { APP_HELP } from '../client/errors-map'
import { ApiKey } from './api-key'
import { NotificationLog } from './notification-log'
import { CoreSettings, type RunOverrides } from './core-settings'
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
  /** The offline cache of the current data source (replaced when the source changes). */
  cache: ResponseCache
  /** Cache namespace of the current data source ('demo' or one per live base URL). */
  source: string
  /** Opens the cache of another source (its start-up repairs are reported). */
  openCache(source: string): Promise<ResponseCache>
  alerts: AlertStateStore
  log: NotificationLog
  /** Every save of cache, alert state and log goes through it: what cannot be saved, and why. */
  saves: SaveHealth
  /** The API key's owner (in memory and the secret store only). */
  key: ApiKey
  /** Per-origin rate-limit holds, one registry for every request this core makes (polls, screens, Test connection). */
  rateGates: RateGates
  /** Where the holds outlive the process (saved after each poll and at stop). */
  rateHolds: RateHoldFile
  connection: Connection
  connect(baseUrl: string | null): Promise<Connection>
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
  const source = cacheNamespace(baseUrl)
  const saves = new SaveHealth(reportLine)
  const openCache = async (ns: string, adoptLegacy = false): Promise<ResponseCache> => {
    const c = await openSourceCache(deps.dataDir, ns, { now, adoptLegacy })
    report(c.report)
    // A cache not on disk yet (its folder could not be made, the old file was set aside) is written
    // now: a folder that cannot be made is in the status from the start, until a save lands.
    await saves.save(c)
    return c
  }
  const cache = await openCache(source, true)
  const alerts = await AlertStateStore.open(deps.dataDir, { now, source })
  report(alerts.report)
  const log = await NotificationLog.open(deps.dataDir, { now })
  report(log.report)

  const rateGates = new RateGates()
  // A hold asked for before a restart (or by the last CLI run) still holds.
  const rateHolds = await RateHoldFile.open(deps.dataDir, rateGates, {
    now: () => clock.now(),
    log: reportLine,
  })
  const legacyTo = deps.bindLegacyKey === false ? null : settings.stored().baseUrl
  const key = new ApiKey(deps.secretStore, legacyTo, reports)
  const help = deps.client?.help ?? APP_HELP
  const connect = async (baseUrl: string | null): Promise<Connection> => {
    // Demo mode never touches the keychain.
    if (baseUrl !== null) await key.load()
    return openConnection({
      baseUrl,
      apiKey: baseUrl === null ? () => null : key.provider(baseUrl, help.missingKey),
      clock,
      rateGates,
      embedded: deps.embeddedService,
      client: deps.client,
      userAgent:
        deps.isPackaged === false ? 'LiquidityWatch/0.1 (development)' : 'LiquidityWatch/0.1',
    })
  }
  const connection = await connect(baseUrl)
  key.startupOver()
  return {
    clock,
    settings,
    cache,
    source,
    openCache: (ns) => openCache(ns),
    alerts,
    log,
    saves,
    key,
    rateGates,
    rateHolds,
    connection,
    connect,
    reports,
  }
}
