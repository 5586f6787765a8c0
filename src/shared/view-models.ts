// What the main process shows the renderer: computed, display-ready, never secret.
import type { LinkFacts } from './link-state'
import type { ErrorKind, SerializedError } from './errors'
import type { AlertState } from './alert-rules'
import type { HeldBackReason } from './alert-facts'
import type { DemoStoryView } from './demo-stories'
import type { FailingContactPoint } from './contact-point-views'
import type {
  AssetDetail,
  AnalyticsQuery,
  AnalyticsResponse,
  SeriesPoint,
} from './liquidity-schemas'

export interface ChangeInfo {
  /** Percent change computed from history[window].tvl → totalTvl. */
  pct: number
  /** The service's tvlChange agrees with pct (as fraction or percent). */
  verified: boolean
  reported: number
}

/**
 * While issuers or networks are missing from the data, the change the alert rules judged: the same
 * parts now and then (like for like), next to the raw change of the total.
 */
export interface LikeForLikeChange {
  /** What the comparison leaves out: "issuer Ondo", "issuers Ondo and Swarm". */
  without: string
  change7dPct: number | null
  change30dPct: number | null
}

export interface WatchRow {
  symbol: string
  assetType: string | null
  totalTvl: number | null
  totalVolume: number | null
  change7d: ChangeInfo | null
  change30d: ChangeInfo | null
  /** While parts are missing: the like-for-like change the rules judged (else null). */
  likeForLike: LikeForLikeChange | null
  issuerCount: number | null
  /** Last 30 days of TVL, oldest first. */
  sparkline: number[]
  /**
   * The service's own newest data date for the symbol (YYYY-MM-DD, the last point of its daily
   * series), as opposed to `fetchedAt` (when we fetched it). null when the analytics lack it.
   */
  dataDate: string | null
  /**
   * The service's data had stopped advancing when it was fetched (newest point more than 48 h
   * behind the end of its day): the figures are old at the source. Apart from `stale`.
   */
  sourceStale: boolean
  alertState: AlertState
  /**
   * The alert state on the last trusted reading (the worst phase of its rules: ok, pending or
   * firing); null without rules. What the badge keeps while a poll-wide problem (rate limit,
   * offline) keeps this poll from judging the row, so Firing stays Firing.
   */
  judgedState: AlertState | null
  /** A rule keeps changing state for this symbol (flap detection): notified once, not per episode. */
  flapping: boolean
  /**
   * Why the row is held instead of firing ('figures-disagree', 'flapping'; see alert-facts.ts
   * heldInsteadOfFiring), or null. A held row is not counted as firing; its alertState is kept.
   */
  heldBack: HeldBackReason | null
  snoozed: boolean
  /** When we fetched the shown data (our "as of"; see dataDate for the service's own date). */
  fetchedAt: string | null
  /**
   * When the symbol's asset detail was fetched (null: never). Equals fetchedAt when the row shows
   * the detail; older when it shows the bulk series it was screened on (see checkedBy).
   */
  detailFetchedAt: string | null
  /**
   * What this row's figures and alert state rest on: 'detail' (the asset detail record, cross-checked),
   * 'series' (screened on the daily series of every symbol; its alerts stay as judged on the last
   * detail, and a rule neared or breached there fetches the detail at once), or null (no data).
   */
  checkedBy: 'detail' | 'series' | null
  /**
   * Our copy is old: fetched longer ago than its cadence allows (isStale), by age only. A fresh
   * copy standing in for this poll's failed fetch is not stale: `error` says the fetch failed (the
   * row reads "Not refreshed", not "Stale").
   */
  stale: boolean
  error: SerializedError | null
  /**
   * Everything that makes this row's figures less than trustworthy, in plain words, most telling
   * first: the fetch error, then findings about the data (missing issuer, figures disagree, source
   * stale, …) and problems of the whole poll (could not save). Empty when all is well.
   */
  problems: string[]
  /**
   * This row's own findings about its data: `problems` without the fetch error (that is `error`)
   * and without the problems of the whole poll (those are in EngineStatus.notices). What a screen
   * shows on the row.
   */
  findings: string[]
}

/**
 * Part of the watchlist (IPC getWatchlistPage): the rows a screen shows first, with every watched
 * symbol so the table can hold the rest as placeholders until getWatchlist brings them.
 */
export interface WatchlistPage {
  /** Every watched symbol, in the watchlist's order. */
  symbols: string[]
  /** Where rows[0] stands in `symbols`. */
  start: number
  /** The rows of symbols[start] onwards (fewer than asked at the end of the list). */
  rows: WatchRow[]
}

export type ConnectionState = 'idle' | 'online' | 'degraded' | 'offline' | 'paused'

export interface EngineStatus {
  mode: 'demo' | 'live'
  baseUrl: string
  /** The poller's own state (it paces polls by it); what to tell the user is `link`. */
  connection: ConnectionState
  /**
   * The state of the link and of the data shown, in the one vocabulary every surface uses
   * (shared/link-state.ts). Always set by the core (optional only for status values built before).
   */
  link?: LinkFacts
  refreshing: boolean
  lastSuccessAt: string | null
  lastAttemptAt: string | null
  nextPollAt: string | null
  /** Oldest fetchedAt among shown data, when it is older than its cadence. */
  staleSince: string | null
  lastError: SerializedError | null
  firingCount: number
  worstState: AlertState
  notificationsPausedUntil: string | null
  /**
   * Problems of the app itself rather than of one asset, in plain words, for a banner: a settings
   * or state file repaired or set aside at start (with where it is), data that cannot be saved.
   */
  notices: string[]
  /**
   * Oldest a watched symbol's asset detail can get while polls succeed (the tiered poll's bound:
   * the watchlist size over the details refreshed oldest-first each poll, times the interval).
   * Always set by the core (optional only for status values built before it existed).
   */
  detailAgeBoundMs?: number
  /** That bound in plain words for the status bar: "Every detail is refreshed at least every 8 h 20 min (1000 symbols, 50 details per poll)". */
  detailCoverage?: string
  /** Demo mode: the demo story playing (the demo badge's "Try a story"), else null. */
  demoStory?: DemoStoryView | null
  /** Contact points whose deliveries keep failing (tray, status bar); always set by the core. */
  failingContactPoints?: FailingContactPoint[]
}

export interface Fetched<T> {
  data: T
  fetchedAt: string
  fromCache: boolean
  stale: boolean
}

export type AssetView = Fetched<AssetDetail>
export type SeriesView = Fetched<SeriesPoint[]>
export type AnalyticsView = Fetched<AnalyticsResponse>
export type { AnalyticsQuery }

export interface KnownSymbol {
  symbol: string
  assetType: string
}

/** The app's own history (history.sqlite), as Settings shows it. */
export interface HistoryInfo {
  /** Where the file is (the user may need to find it). */
  path: string
  /** The database and its write-ahead log together. */
  bytes: number
  /** Oldest and newest recorded snapshot (ISO); null when empty. */
  from: string | null
  to: string | null
  snapshots: number
  /** While history cannot be opened or written: why, in plain words; else null. */
  problem: string | null
}

export interface KeyStatus {
  stored: boolean
  /** false when no OS keychain answers (the app then refuses to store a key). */
  keychainAvailable: boolean
  message: string | null
  /**
   * The service (origin, e.g. https://api.example.com) the stored key was entered for; it is sent
   * to no other. null: no key stored, a key from LIQUIDITY_API_KEY, or one bound to no service yet.
   */
  boundTo?: string | null
  /**
   * The stored key is not for the saved service, so it is not sent: what to do, in plain words.
   * null when it is (or when the demo data is in use).
   */
  mismatch?: string | null
}

/**
 * Which key a connection test sent: the stored one (only ever to the saved service), one typed for
 * the test, none (an unsaved URL without a typed key), or the demo service's public key.
 */
export type TestKey = 'saved' | 'typed' | 'none' | 'demo'

export interface ConnectionTestResult {
  ok: boolean
  kind: ErrorKind | null
  message: string
  latencyMs: number | null
  key: TestKey
}

export type View = 'watchlist' | 'asset' | 'analytics' | 'alerts' | 'settings'
export interface NavigateEvent {
  view: View
  symbol?: string
}
