// The alert engine's seam types (persisted state, reading, measurement, each stage's value).
// Type-only and importing only src/shared, so no stage imports another to name what it is handed.
import type {
  AlertEvent,
  AlertRule,
  ChangeWindow,
  HeldBackReason,
} from '../../../shared/alert-rules'
import type { ValueUnit } from '../../../shared/conditions/kind'
import type { SerializedError } from '../../../shared/errors'
import type { AssetDetail } from '../../../shared/liquidity-schemas'
import type { IssuerMoves, IssuerTvl } from '../../../shared/issuer-moves'
import type { InstanceRecord } from '../../../shared/alert-state'

// The persisted state's types come from its schema (one definition): src/shared/alert-state.ts.
export type {
  AlertEngineState,
  HeldEvent,
  InstanceRecord,
  MissingPart,
  Owed,
  PoolCounts,
  SourceMark,
  SymbolBaseline,
  TimeHold,
} from '../../../shared/alert-state'

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
