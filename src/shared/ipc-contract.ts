// The whole IPC contract: argument schemas (validated in main), result and event types.
// Main's handler table, the preload bridge and the renderer's window.api derive from it.
import type { AwayDigest } from './away-digest'
import { DEMO_STORIES } from './demo-stories'
import { z } from 'zod'
import type { AlertEvent, AlertInstance, AlertRule, NotificationDecision } from './alert-rules'
import { ALERT_EVENT_TYPES, alertRuleSchema } from './alert-rules'
import type { BacktestView } from './backtest'
import type { AssetFlowView } from './flow'
import type { AssetSharesView } from './asset-shares'
import type { AssetMigrationView } from './issuer-moves'
import type { SerializedError } from './errors'
import { contactPointIdSchema, contactPointSchema, type ContactPoint } from './contact-points'
import type {
  ContactPointTestResult,
  DeliveryLogEntry,
  TemplatePreview,
} from './contact-point-views'
import {
  configImportTokenSchema,
  type ConfigExportResult,
  type ConfigImportPreview,
  type ConfigImportResult,
} from './config-file-views'
import type { IpcEvent, IpcMethod } from './ipc-channels'
import { ASSET_TYPES, GROUP_BY } from './liquidity-schemas'
import type { Settings } from './settings-schema'
import { MAX_PIECES, MAX_SYMBOL_PIECE, type AddSymbolsResult } from './symbol-list'
import {
  MAX_PAUSE_MINUTES,
  MAX_WATCHLIST,
  serviceUrlSchema,
  settingsPatchSchema,
  symbolSchema,
} from './settings-schema'
import type {
  AnalyticsView,
  AssetView,
  ConnectionTestResult,
  EngineStatus,
  HistoryInfo,
  KeyStatus,
  KnownSymbol,
  NavigateEvent,
  SeriesView,
  WatchlistPage,
  WatchRow,
} from './view-models'

export { EVENT_CHANNELS, REQUEST_CHANNELS } from './ipc-channels'
export type { IpcEvent, IpcMethod } from './ipc-channels'

const none = z.tuple([])
const days = z.number().int().min(1).max(365)

export const analyticsQuerySchema = z
  .object({
    groupBy: z.enum(GROUP_BY),
    assetType: z.enum(ASSET_TYPES),
    days,
    symbol: symbolSchema.optional(),
    issuer: z.string().min(1).max(120).optional(),
  })
  .strict()

export const historyFilterSchema = z
  .object({
    symbol: symbolSchema.optional(),
    ruleId: z.string().min(1).max(64).optional(),
    type: z.enum(ALERT_EVENT_TYPES).optional(),
    limit: z.number().int().min(1).max(1000).optional(),
  })
  .strict()

export const snoozeSchema = z
  .object({
    ruleId: z.string().min(1).max(64),
    symbol: symbolSchema.nullable(),
    /** 0 lifts the snooze. */
    minutes: z
      .number()
      .int()
      .min(0)
      .max(60 * 24 * 30),
  })
  .strict()

/** API keys: printable ASCII, bounded; never logged, never returned. */
export const apiKeySchema = z
  .string()
  .min(8, 'an API key is at least 8 characters')
  .max(512)
  .regex(/^[\x21-\x7e]+$/, 'an API key has no spaces or control characters')

/** Rows [start, start + count) of the watchlist in its order: the screen's rows before the rest. */
export const watchlistRangeSchema = z
  .object({
    start: z.number().int().min(0).max(MAX_WATCHLIST),
    count: z.number().int().min(1).max(MAX_WATCHLIST),
  })
  .strict()

/** A contact point's title and body templates as typed (null: the default text). */
export const templateDraftSchema = z
  .object({ title: z.string().max(2000).nullable(), body: z.string().max(8000).nullable() })
  .strict()

export const ipcArgSchemas = {
  getStatus: none,
  getWatchlist: none,
  getWatchlistPage: z.tuple([watchlistRangeSchema]),
  addSymbol: z.tuple([symbolSchema]),
  /** Typed or pasted pieces, any case: main resolves each to the service's symbol (symbol-list.ts). */
  addSymbols: z.tuple([
    z
      .array(z.string().max(MAX_SYMBOL_PIECE + 1))
      .min(1)
      .max(MAX_PIECES),
  ]),
  removeSymbol: z.tuple([symbolSchema]),
  getKnownSymbols: none,
  getAsset: z.tuple([symbolSchema]),
  getAssetSeries: z.tuple([symbolSchema, days]),
  /** The 7-day flow vs price split of the symbol from the app's own history, or why not. */
  getAssetFlow: z.tuple([symbolSchema]),
  /** Issuer and network TVL and shares over the app's own history of the symbol, or why not. */
  getAssetShares: z.tuple([symbolSchema]),
  /** The 7-day issuer moves of the symbol (migration, exit, mixed) from the app's history, or why not. */
  getAssetMigration: z.tuple([symbolSchema]),
  getAnalytics: z.tuple([analyticsQuerySchema]),
  getRules: none,
  saveRule: z.tuple([alertRuleSchema]),
  deleteRule: z.tuple([z.string().min(1).max(64)]),
  /** The rule as edited (maybe unsaved, maybe not yet named): run over the service's last year of daily series. */
  backtestRule: z.tuple([alertRuleSchema.extend({ name: z.string().max(120) })]),
  snooze: z.tuple([snoozeSchema]),
  getAlertHistory: z.tuple([historyFilterSchema]),
  getAlertInstances: none,
  getNotificationLog: none,
  /** What crossed while the user was away (the Alerts view's panel), until dismissed. */
  getAwayDigest: none,
  dismissAwayDigest: none,
  getSettings: none,
  updateSettings: z.tuple([settingsPatchSchema]),
  getKeyStatus: none,
  setApiKey: z.tuple([apiKeySchema]),
  clearApiKey: none,
  /** "Use the saved key for this service too": binds the stored key to the saved service. */
  bindApiKey: none,
  /** apiKey: typed in Settings for this test only (never stored); the saved key goes only to the saved URL. */
  testConnection: z.tuple([
    z.object({ baseUrl: serviceUrlSchema.nullable(), apiKey: apiKeySchema.optional() }).strict(),
  ]),
  refreshNow: none,
  sendTestNotification: none,
  pauseNotifications: z.tuple([z.number().int().min(0).max(MAX_PAUSE_MINUTES)]),
  openExternal: z.tuple([z.string().url().max(2048)]),
  /** Symbols on screen (visible watchlist rows; the open asset view fetches its own): a tiered poll fetches their details first. */
  setVisibleSymbols: z.tuple([z.array(symbolSchema).max(MAX_WATCHLIST)]),
  /** The app's own history (history.sqlite): size and span, for Settings. */
  getHistoryInfo: none,
  /** Deletes every recorded snapshot (Settings asks the user to confirm first). */
  clearHistory: none,
  /** Demo mode only: plays a story on the demo data (or ends it: 'recover'). */
  playDemoStory: z.tuple([z.object({ story: z.enum([...DEMO_STORIES, 'recover']) }).strict()]),
  /** Contact points as saved (the built-in desktop first); secrets only as masked hints. */
  getContactPoints: none,
  /** Adds or replaces one by id; its secret hints are main's, whatever the renderer sends. */
  saveContactPoint: z.tuple([contactPointSchema]),
  /** Removes one and clears its secret from the keychain; the desktop cannot be removed. */
  removeContactPoint: z.tuple([contactPointIdSchema]),
  /** Write-only: stored in the keychain, never sent back (settings keep a masked hint). */
  setContactPointSecret: z.tuple([contactPointIdSchema, z.string().min(1).max(2048)]),
  clearContactPointSecret: z.tuple([contactPointIdSchema]),
  /** Sends a test message now; the receiver's answer in plain words. */
  testContactPoint: z.tuple([contactPointIdSchema]),
  /** A saved contact point (id) or one being edited (draft), with the templates as typed. */
  previewTemplate: z.tuple([
    z.union([contactPointIdSchema, contactPointSchema]),
    templateDraftSchema,
  ]),
  /** The newest deliveries first. */
  getDeliveryLog: z.tuple([z.number().int().min(1).max(500)]),
  /** Settings → Export: main asks where (a save dialog) and writes YAML or JSON by the extension. */
  exportConfig: none,
  /** Settings → Import: main asks which file (an open dialog), reads and checks it: a preview. */
  previewConfigImport: none,
  /** The previewed file's contents (kept in main) as one atomic settings change. */
  applyConfigImport: z.tuple([configImportTokenSchema]),
  cancelConfigImport: z.tuple([configImportTokenSchema]),
} satisfies Record<IpcMethod, z.ZodTuple>

export interface LoggedDecision {
  at: string
  decision: NotificationDecision
}

export interface IpcResults {
  getStatus: EngineStatus
  getWatchlist: WatchRow[]
  getWatchlistPage: WatchlistPage
  addSymbol: WatchRow[]
  addSymbols: AddSymbolsResult
  removeSymbol: WatchRow[]
  getKnownSymbols: KnownSymbol[]
  getAsset: AssetView
  getAssetSeries: SeriesView
  getAssetFlow: AssetFlowView
  getAssetShares: AssetSharesView
  getAssetMigration: AssetMigrationView
  getAnalytics: AnalyticsView
  getRules: AlertRule[]
  saveRule: AlertRule[]
  deleteRule: AlertRule[]
  backtestRule: BacktestView
  snooze: AlertRule[]
  getAlertHistory: AlertEvent[]
  getAlertInstances: AlertInstance[]
  getNotificationLog: LoggedDecision[]
  getAwayDigest: AwayDigest | null
  dismissAwayDigest: void
  getSettings: Settings
  updateSettings: Settings
  getKeyStatus: KeyStatus
  setApiKey: KeyStatus
  clearApiKey: KeyStatus
  bindApiKey: KeyStatus
  testConnection: ConnectionTestResult
  refreshNow: EngineStatus
  sendTestNotification: NotificationDecision
  pauseNotifications: EngineStatus
  openExternal: void
  setVisibleSymbols: void
  getHistoryInfo: HistoryInfo
  clearHistory: HistoryInfo
  playDemoStory: EngineStatus
  getContactPoints: ContactPoint[]
  saveContactPoint: ContactPoint[]
  removeContactPoint: ContactPoint[]
  setContactPointSecret: ContactPoint[]
  clearContactPointSecret: ContactPoint[]
  testContactPoint: ContactPointTestResult
  previewTemplate: TemplatePreview
  getDeliveryLog: DeliveryLogEntry[]
  exportConfig: ConfigExportResult
  previewConfigImport: ConfigImportPreview
  applyConfigImport: ConfigImportResult
  cancelConfigImport: void
}

export interface IpcEventPayloads {
  statusChanged: EngineStatus
  watchlistUpdated: WatchRow[]
  alertEvents: AlertEvent[]
  navigate: NavigateEvent
}

export type IpcArgs<M extends IpcMethod> = z.infer<(typeof ipcArgSchemas)[M]>

/** On the wire every invoke resolves to this; the preload turns failures into Errors. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: SerializedError }

export type EventSubscriptionName<E extends IpcEvent> = `on${Capitalize<E>}`

/** The renderer's window.api: named request methods plus event subscriptions. */
export type RendererApi = {
  [M in IpcMethod]: (...args: IpcArgs<M>) => Promise<IpcResults[M]>
} & {
  [E in IpcEvent as EventSubscriptionName<E>]: (
    listener: (payload: IpcEventPayloads[E]) => void,
  ) => () => void
}

// Kept in a zod-free module so the preload bundle stays small; re-exported for existing importers.
export { ApiCallError } from './api-error'
