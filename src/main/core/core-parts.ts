// Everything AppCore owns, opened once: settings, cache, alert state, key, connection, log.
import type { NotificationDecision } from '../../shared/alert-rules'
import { toSerializedError } from '../../shared/errors'
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
import type { SecretStore, StoredKey } from '../engine/secrets/secret-store'
import { openSettings, type SettingsStore } from '../engine/settings/settings-store'
import {
  openConnection,
  type ClientTuning,
  type Connection,
  type EmbeddedServiceOptions,
} from './connection'
import { APP_HELP } from '../client/errors-map'
import { boundKeyProvider, serviceOrigin } from './key-binding'
import { NotificationLog } from './notification-log'

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
  /** Asset details per poll before polls are tiered (default DEFAULT_DETAIL_BUDGET, poll-plan.ts). */
  detailBudget?: number
  /** Per-run replacements that are not persisted (the CLI's --symbols and --base-url). */
  overrides?: { watchlist?: string[]; baseUrl?: string | null }
  /** The user's time zone for quiet hours and times in messages; default the system's. */
  utcOffset?: UtcOffset
  /** Diagnostics (never the key). */
  log?: (line: string) => void
}

export interface CoreParts {
  clock: Clock
  settings: SettingsStore
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
  /**
   * The API key and the service it is bound to, in memory only; read from the secret store when a
   * live service needs it. A connection sends it only to that service (key-binding.ts).
   */
  key: { stored: StoredKey | null }
  /** Per-origin rate-limit holds, one registry for every request this core makes (polls, screens, Test connection). */
  rateGates: RateGates
  /** Where the holds outlive the process (saved after each poll and at stop). */
  rateHolds: RateHoldFile
  connection: Connection
  connect(baseUrl: string | null): Promise<Connection>
  /** Reads the key from the secret store once (demo mode never does). */
  loadKey(): Promise<StoredKey | null>
  overrides: NonNullable<AppCoreDeps['overrides']>
  reports: string[]
  reportLine(line: string): void
}

export async function openCoreParts(deps: AppCoreDeps): Promise<CoreParts> {
  const clock = deps.clock ?? realClock
  const reports: string[] = []
  const reportLine = (line: string): void => deps.log?.(line)
  const report = (r: string | null): void => {
    if (r === null) return
    reports.push(r)
    reportLine(r)
  }
  const now = (): Date => new Date(clock.now())
  const settings = openSettings({
    dir: deps.dataDir,
    create: deps.createSettingsStore,
    now,
    help: deps.client?.help,
  })
  report(settings.report)
  const overrides = deps.overrides ?? {}
  const baseUrl = overrides.baseUrl !== undefined ? overrides.baseUrl : settings.get().baseUrl
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

  const key = { stored: null as StoredKey | null }
  const rateGates = new RateGates()
  // A hold asked for before a restart (or by the last CLI run) still holds.
  const rateHolds = await RateHoldFile.open(deps.dataDir, rateGates, {
    now: () => clock.now(),
    log: reportLine,
  })
  // A key stored before keys were bound belongs to the service saved when this version first
  // starts; read later (after the user saved another address), it stays bound to none.
  let startingWith: string | null = deps.bindLegacyKey === false ? null : settings.get().baseUrl
  // One read for every caller: one that asks while the first read is under way waits for it.
  let keyRead: Promise<void> | null = null
  const readKey = async (): Promise<void> => {
    try {
      key.stored = await deps.secretStore.read()
    } catch (e) {
      report(`The API key could not be read: ${toSerializedError(e).message}`)
    }
    if (key.stored?.legacy === true && startingWith !== null)
      key.stored = await bindLegacy(deps.secretStore, key.stored, startingWith, report)
  }
  // The key as it is now (a key changed since the read is in key.stored).
  const loadKey = async (): Promise<StoredKey | null> => {
    await (keyRead ??= readKey())
    return key.stored
  }
  const help = deps.client?.help ?? APP_HELP
  const connect = async (baseUrl: string | null): Promise<Connection> => {
    // Demo mode never touches the keychain.
    if (baseUrl !== null) await loadKey()
    return openConnection({
      baseUrl,
      apiKey: baseUrl === null ? () => null : boundKeyProvider(key, baseUrl, help.missingKey),
      clock,
      rateGates,
      embedded: deps.embeddedService,
      client: deps.client,
      userAgent:
        deps.isPackaged === false ? 'LiquidityWatch/0.1 (development)' : 'LiquidityWatch/0.1',
    })
  }
  const connection = await connect(baseUrl)
  startingWith = null
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
    loadKey,
    overrides,
    reports,
    reportLine,
  }
}

/** Binds a bare key from before binding to the service saved at this start, in the keychain too. */
async function bindLegacy(
  store: SecretStore,
  stored: StoredKey,
  baseUrl: string,
  report: (r: string) => void,
): Promise<StoredKey> {
  const origin = serviceOrigin(baseUrl)
  try {
    await store.set(stored.key, origin)
  } catch (e) {
    // Still this session's saved service; the next start tries again.
    report(`The API key could not be updated in the keychain: ${toSerializedError(e).message}`)
  }
  return { key: stored.key, origin }
}
