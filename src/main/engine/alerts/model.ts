// The alert engine's seam types (persisted state, reading, measurement, each stage's value).
// Type-only and importing only src/shared, so no stage imports another to name what it is handed.
import type { EpisodeNewsType } from '../../../shared/alert-facts'
import type {
  AlertEvent,
  AlertInstance,
  AlertRule,
  AlertPhase,
  ChangeWindow,
  HeldBackReason,
} from '../../../shared/alert-rules'
import type { AwayDigest } from '../../../shared/away-digest'
import type { ValueUnit } from '../../../shared/conditions/kind'
import type { SerializedError } from '../../../shared/errors'
import type { AssetDetail } from '../../../shared/liquidity-schemas'
import type { IssuerMoves, IssuerTvl } from '../../../shared/issuer-moves'

/** Holds that end by the clock, then deliver a digest (TIME_HOLDS, notes.ts). */
export type TimeHold = 'quiet-hours' | 'paused'

/** News of an episode the user has not had yet: told once the reason clears, if still true. */
export interface Owed {
  type: EpisodeNewsType
  why: HeldBackReason
  /** A held-back 'resolved': how long the episode lasted. */
  durationMs?: number
}

/** heldBack (from owed) and cooldownUntil (from lastOutAt and the rule) are derived when shown. */
export interface InstanceRecord extends Omit<AlertInstance, 'heldBack' | 'cooldownUntil'> {
  phase: AlertPhase
  /** Last 'fired' or 'repeated' event: the repeat timer runs from here. */
  lastAlertAt: string | null
  owed: Owed | null
  /** Last notification sent or queued for a digest: the cooldown runs from here. */
  lastOutAt: string | null
  /** The condition with hysteresis: set by a breach, cleared only past the re-arm margin. */
  raised: boolean
  /** `raised` of the last readings (up to 21), oldest first, as '0'/'1': the flap detector's input. */
  flapHistory: string
  /** The user was told it is flapping (and will be told when it stops). */
  flapAnnounced: boolean
  /** Its 'flapping' event is in the history though the notice still waits. */
  flapLogged: boolean
  /** The rule as edited when the flap history began: an edit starts the history afresh. */
  fingerprint: string
  /** Parts ("issuer\u0000network") already named in an 'issuer-left' notice during their absence. */
  missingNamed: string[]
  /** Under way at the backfill poll after a reset: 'fired'/'resolved' recorded, not notified. */
  seeded: boolean
  /** pool-count rules: the count a drop is measured from during an episode (pool-reference.ts). */
  poolRef?: number | null
  /** Its first trusted reading: an episode found then was under way before. */
  watchedSince: string | null
}

export interface HeldEvent {
  reason: TimeHold
  event: AlertEvent
}

/** Since the first trusted reading without it, for `polls` trusted readings in a row. */
export interface MissingPart {
  since: string
  polls: number
}

/** A symbol's parts at its last complete reading (the anchor), and those missing since. */
export interface SymbolBaseline {
  issuers: string[]
  /** "issuer\u0000network" pairs. */
  networks: string[]
  /** TVL of each pair at the anchor. */
  tvl: Record<string, number>
  /** Verified window changes (percent) at the anchor: where its parts were one window before it. */
  change: Record<ChangeWindow, number | null>
  /** When the anchor was read; null in files from before it was kept (no like-for-like change then). */
  anchoredAt: string | null
  /** Pairs of the anchor absent from the latest trusted reading. */
  missing: Record<string, MissingPart>
  /** Trusted readings while parts are missing (about one a day), oldest first: see like-for-like.ts.
   *  `tvl`: the anchor's pairs in the order of `networks`; null where absent. */
  samples: { at: string; tvl: (number | null)[] }[]
}

/** The newest point of a symbol's daily series at the service, as of the poll that checked it. */
export interface SourceMark {
  /** YYYY-MM-DD */
  newest: string
  /** The poll whose fresh analytics listed it (the mark expires after SOURCE_MARK_TTL_MS). */
  checkedAt: string
}

export interface AlertEngineState {
  version: 1
  /** false until a cycle had fresh data: that first cycle is backfill and notifies nothing. */
  initialized: boolean
  /** Started fresh in place of an unusable state file: episodes under way then may have been told. */
  afterReset: boolean
  /** Event id counter (ids stay unique without randomness, so evaluation stays pure). */
  seq: number
  instances: InstanceRecord[]
  /** Issuers/networks of each symbol's last good observation, to spot ones that vanish. */
  baselines: Record<string, SymbolBaseline>
  /** Per symbol: how current the service's own data is. */
  sources: Record<string, SourceMark>
  pools: Record<string, PoolCounts>
  /** 'once' rules: instance key → fingerprint of the rule when its notification went out. */
  onceSent: Record<string, string>
  /** Events waiting for quiet hours or a pause to end; delivered as one digest. */
  held: HeldEvent[]
  /** Held events dropped beyond the cap, still counted in the digest. */
  heldOverflow: number
  /** The last cycle that judged fresh data: the away digest measures from here. */
  lastSeenAt: string | null
  away: AwayDigest | null
}

/** A symbol's pools per network (networkKey) at its last trusted reading: a pool drop's base. */
export interface PoolCounts {
  at: string
  networks: Record<string, number>
}

/** A part (issuer or one network of it) that is absent now, and what it was at the anchor. */
export interface Absence {
  /** "issuer Ondo" or "network solana of issuer Ondo". */
  label: string
  /** The part's keys ("issuer\u0000network"), to remember it was named. */
  keys: string[]
  since: string
  polls: number
  /** Its TVL at the anchor, and its share of the anchor's TVL (percent); null when unknown. */
  tvl: number | null
  sharePct: number | null
}

export interface LikeForLike {
  /** TVL of the parts present then and now: now ÷ at the anchor. null when unknown or zero. */
  ratio: number | null
  /** Window changes (percent) of the parts present, over the window ending now; null when unknown. */
  change: Record<ChangeWindow, number | null>
  /** The missing parts with their anchor TVL, for a like-for-like total or share. */
  missing: { issuer: string; network: string; tvl: number }[]
  absences: Absence[]
  /** "issuer Ondo" / "issuers Ondo and Swarm": what the comparison leaves out. */
  without: string
}

export interface Observation {
  detail: AssetDetail | null
  error: SerializedError | null
  fromCache: boolean
  fetchedAt: string | null
  stale: boolean
  /** Not detail-fetched by plan, clear of every rule on the bulk series; detail: the cached one. */
  screened?: boolean
}

/** Not measurable this cycle: never a breach, never a recovery. */
export interface NoVerdict {
  kind: 'nodata' | 'error' | 'stale'
  detail: string
}

/** Clear of every rule on the bulk series: nothing moves, and no problem (a breach there fetches). */
export interface Screened {
  kind: 'screened'
  detail: string
}

/** Trusted data; `lfl` when parts of the anchor are missing (judge like for like). */
export type SymbolReading =
  { kind: 'good'; detail: AssetDetail; lfl: LikeForLike | null } | NoVerdict | Screened

export interface Measurement {
  kind: 'measured'
  value: number
  threshold: number
  breach: boolean
  /** Back past the threshold by the re-arm margin: a firing episode may end. */
  clear: boolean
  verified: boolean
  /** "figures disagree: service says +2.0 %, history says −12.4 %" when not verified. */
  disagreement: string | null
  /** "TSLA TVL down 12.4 % in 7 days". */
  headline: string
  /** "TSLA TVL still down 13.0 % in 7 days": repeat reminders. */
  ongoing: string
  /** "7-day TVL drop": names the condition in recovery and flapping notices. */
  subject: string
  /** Instance detail for the UI. */
  status: string
  /** The value as a person reads it: "down 4.0 % in 7 days", "TVL $850K". */
  reading: string
  /** What the value came back to, for the recovery: "7-day TVL back to −3.1 % (threshold −10.0 %)". */
  recovery: string
  /** The unit of `value` when it is not the kind's own (a concentration alert over its HHI limit only). */
  unit?: ValueUnit
}

/** Each issuer's TVL of a symbol now against the app's history at a span's start (history/issuer-window.ts). */
export interface IssuerWindowKnown {
  kind: 'known'
  /** Days of the span; null: since the last poll. */
  windowDays: number | null
  from: number
  then: IssuerTvl[]
  now: IssuerTvl[]
  /** The underlying's price now ÷ then; null: a price is unknown (the moves are then in dollars). */
  priceRatio: number | null
  moves: IssuerMoves
}

export interface IssuerWindowUnknown {
  kind: 'unknown'
  windowDays: number | null
  reason: string
}

export type IssuerWindow = IssuerWindowKnown | IssuerWindowUnknown

/** A symbol's issuer windows this poll: per rule window, and since the last poll ('last'). */
export type IssuerWindows = Partial<Record<'7d' | '30d' | 'last', IssuerWindow>>

// Per (rule, symbol): read → SymbolReading → measure → Measurement | NoVerdict | Screened →
// transition → Stepped → pace → Paced → (as Candidates) decide. See docs/ARCHITECTURE.md.

/** A live (rule, symbol) this cycle (rules.ts liveTargets), its threshold override applied. */
export interface Target {
  rule: AlertRule
  symbol: string
  condition: AlertRule['condition']
  snoozed: boolean
  /** Identifies the rule as edited by the user; 'once' re-arms when it changes. */
  fingerprint: string
}

export type DraftEvent = Omit<AlertEvent, 'id'>

/** The instance's new record and its event, if any (at most one). */
export interface Stepped {
  record: InstanceRecord
  drafts: DraftEvent[]
}

/** Why the pace stage keeps an event from the user now; `body` is the held decision's body. */
export interface Withhold {
  reason: HeldBackReason
  body: string
  note: string
}

/** The record after pacing, and each event with what withholds it. */
export interface Paced {
  record: InstanceRecord
  drafted: { draft: DraftEvent; withhold: Withhold | null }[]
}

/** The decide stage's input: one event with what the rule and the pace stage say of it. */
export interface Candidate {
  event: AlertEvent
  snoozed: boolean
  once: boolean
  fingerprint: string
  /** See InstanceRecord.seeded. */
  seeded?: boolean
  withhold: Withhold | null
  /** Stated in a notification the user opted in to (notifyUnverified). */
  disagreement: string | null
}
