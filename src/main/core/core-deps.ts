// What the composition root and the CLI hand createAppCore: where the data lives, the stores,
// the event sink and the OS notification call, and the knobs tests and the CLI turn.
import type { NotificationDecision } from '../../shared/alert-rules'
import type { UtcOffset } from '../../shared/local-time'
import type { DatabaseSync } from 'node:sqlite'
import type { EventSink } from '../ipc/events'
import type { Clock } from '../engine/poll/scheduler'
import type { SecretStore } from '../engine/secrets/secret-store'
import type { KeyValueStoreFactory } from '../engine/storage/key-value-store'
import type { ClientTuning, EmbeddedServiceOptions } from './connection'
import type { ContactPointKind } from '../../shared/contact-points'
import type { RunContactPoint } from '../engine/delivery/delivery'
import type { Channel, ContactPointSecrets } from '../engine/delivery/model'
import type { RetryPolicy } from '../engine/delivery/retry'
import type { Outbox } from '../engine/delivery/outbox'

/** Delivery to contact points: the channels and secrets it sends with (engine/delivery). */
export interface CoreDeliveryDeps {
  /** The channel of each kind (channels/registry.ts channelFor; tests pass their own). */
  channelFor: (kind: ContactPointKind) => Channel | null
  /** The keychain's contact point secrets; null: only the run's own secrets are known. */
  secrets: ContactPointSecrets | null
  /** Contact points for this run only (`check --contact-point`), with their secrets. */
  runContactPoints?: RunContactPoint[]
  /** The outbox to use (default: outbox.sqlite in dataDir); closed with the core either way. */
  outbox?: Outbox
  /** The back-off's jitter source (default Math.random). */
  random?: () => number
  sendTimeoutMs?: number
  retry?: RetryPolicy
}
import type { RunOverrides } from './core-settings'
import type { RateHoldWatcher } from '../client/rate-gate'

export interface AppCoreDeps {
  /** Settings, offline cache and alert state live here. */
  dataDir: string
  createSettingsStore: KeyValueStoreFactory
  secretStore: SecretStore
  /** Contact points' secrets (default: the keychain service of a KeytarSecretStore, else none). */
  contactPointSecrets?: ContactPointSecrets
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
  /**
   * One-shot runs (the CLI): send nothing the alert state could not save, since the next run
   * starts from the file and would send it again.
   */
  notifyOnlyWhenSaved?: boolean
  /** Asset details per poll before polls are tiered (default DEFAULT_DETAIL_BUDGET, poll-plan.ts). */
  detailBudget?: number
  /** Per-run replacements that are not persisted (the CLI's --symbols, --base-url and --rule). */
  overrides?: RunOverrides
  /**
   * Where the alert state and the notification log live (default: dataDir). `check --rule` keeps
   * its own here, so judging other rules never touches the saved rules' episodes and history.
   */
  alertStateDir?: string
  /** The user's time zone for quiet hours and times in messages; default the system's. */
  utcOffset?: UtcOffset
  /**
   * Demo mode with an empty history starts with the demo service's past week in it
   * (core/demo-history.ts). The app sets it; tests and the CLI leave it off (default false).
   */
  seedDemoHistory?: boolean
  /** Opens history.sqlite (default: node:sqlite's DatabaseSync); tests inject a fault here. */
  openHistoryDb?: (path: string) => DatabaseSync
  /**
   * Delivery to contact points through the outbox (outbox.sqlite in dataDir); absent, the desktop
   * alone is notified, as before contact points existed.
   */
  delivery?: CoreDeliveryDeps
  /** Diagnostics (never the key). */
  log?: (line: string) => void
  /** Hears the service asking to wait (Retry-After) and requests waiting it out: the daemon counts them. */
  onRateHold?: RateHoldWatcher
}
