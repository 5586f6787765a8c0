// The alert engine's persisted state: its shape, its schema (checked on read) and a fresh value.
import { z } from 'zod'
import { EPISODE_NEWS_TYPES, type EpisodeNewsType } from '../../../shared/alert-facts'
import {
  ALERT_PHASES,
  ALERT_STATES,
  alertEventSchema,
  HELD_BACK_REASONS,
  type AlertEvent,
  type AlertInstance,
  type AlertPhase,
  type AlertRule,
  type ChangeWindow,
  type HeldBackReason,
} from '../../../shared/alert-rules'
import type { AwayDigest } from '../../../shared/away-digest'
import { isoDate } from '../../../shared/liquidity-schemas'
import { cooldownUntil } from './cooldown'
import { FLAP_WINDOW } from './flapping'
import { TIME_HOLDS, type TimeHold } from './notes'
import type { PoolCounts } from './pool-reference'

/** News of an episode the user has not had yet: told once the reason clears, if still true. */
export interface Owed {
  type: EpisodeNewsType
  why: HeldBackReason
}

/** heldBack (from owed) and cooldownUntil (from lastOutAt and the rule) are derived when shown. */
export interface InstanceRecord extends Omit<AlertInstance, 'heldBack' | 'cooldownUntil'> {
  phase: AlertPhase
  /** Last 'fired' or 'repeated' event: the repeat timer runs from here. */
  lastAlertAt: string | null
  owed: Owed | null
  /** Last time a notification for it went out (sent, or queued for a digest): the cooldown runs from here. */
  lastOutAt: string | null
  /** The condition with hysteresis: set by a breach, cleared only past the re-arm margin. */
  raised: boolean
  /** `raised` of the last readings (up to 21), oldest first, as '0'/'1': the flap detector's input. */
  flapHistory: string
  /** The user was told it is flapping (and will be told when it stops). */
  flapAnnounced: boolean
  /** Its 'flapping' event is in the history (and the poll's output) though the notice still waits. */
  flapLogged: boolean
  /** The rule as edited when the flap history began: an edit starts the history afresh. */
  fingerprint: string
  /** Parts ("issuer\u0000network") already named in an 'issuer-left' notice during their absence. */
  missingNamed: string[]
  /**
   * This episode was already under way at a fresh start (the backfill poll): its 'fired' and
   * 'resolved' are recorded, not notified as news. Cleared when the episode is over.
   */
  seeded: boolean
  /** pool-count rules: the count a drop is measured from while its episode is under way (pool-reference.ts). */
  poolRef?: number | null
  /** Its first trusted reading (judged or screened): an episode found then was under way before. */
  watchedSince: string | null
}

export interface HeldEvent {
  reason: TimeHold
  event: AlertEvent
}

export interface MissingPart {
  /** First trusted reading without it. */
  since: string
  /** Trusted readings in a row without it. */
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
  /** Trusted readings while parts are missing (about one a day), oldest first: see like-for-like.ts. */
  samples: PartsSample[]
}

/** The anchor's pairs at one trusted reading, in the order of `networks`; null where absent. */
export interface PartsSample {
  at: string
  tvl: (number | null)[]
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
  /** false until a cycle had fresh data: that first cycle is backfill (silent after a reset). */
  initialized: boolean
  /**
   * Started fresh in place of a state file that could not be used: the user may already have been
   * told of what is firing, so episodes under way at the backfill poll stay silent (seeded) until
   * they end. A first run or a new data source does not set it (nothing was told then).
   */
  afterReset: boolean
  /** Event id counter (ids stay unique without randomness, so evaluation stays pure). */
  seq: number
  instances: InstanceRecord[]
  /** Issuers/networks of each symbol's last good observation, to spot ones that vanish. */
  baselines: Record<string, SymbolBaseline>
  /** Per symbol: how current the service's own data is (source freshness). */
  sources: Record<string, SourceMark>
  /** Per symbol: pools per network at its last trusted reading (what a pool drop is measured from). */
  pools: Record<string, PoolCounts>
  /** 'once' rules: instance key → fingerprint of the rule when its notification went out. */
  onceSent: Record<string, string>
  /** Events waiting for quiet hours or a pause to end; delivered as one digest. */
  held: HeldEvent[]
  /** Held events dropped beyond the cap, still counted in the digest. */
  heldOverflow: number
  /** The last cycle that judged fresh data: the away digest (away.ts) measures from here. */
  lastSeenAt: string | null
  /** What crossed while the user was away, shown in the Alerts view until dismissed. */
  away: AwayDigest | null
}

export function freshState(afterReset = false): AlertEngineState {
  return {
    version: 1,
    initialized: false,
    afterReset,
    seq: 0,
    instances: [],
    baselines: {},
    sources: {},
    pools: {},
    onceSent: {},
    held: [],
    heldOverflow: 0,
    lastSeenAt: null,
    away: null,
  }
}

export function instanceKey(ruleId: string, symbol: string): string {
  return `${ruleId}\u0000${symbol}`
}

const iso = z.string().datetime()
const EPOCH = new Date(0).toISOString()

const instanceSchema = z
  .object({
    ruleId: z.string(),
    symbol: z.string(),
    state: z.enum(ALERT_STATES),
    breachCount: z.number().int().nonnegative(),
    since: iso.nullable(),
    firedAt: iso.nullable(),
    lastNotifiedAt: iso.nullable(),
    lastValue: z.number().nullable(),
    verified: z.boolean(),
    detail: z.string().nullable(),
    phase: z.enum(ALERT_PHASES),
    lastAlertAt: iso.nullable(),
    // Fields added later are optional here and filled below, so an older state file still loads.
    owed: z
      .object({ type: z.enum(EPISODE_NEWS_TYPES), why: z.enum(HELD_BACK_REASONS) })
      .nullable()
      .default(null),
    lastOutAt: iso.nullable().optional(),
    raised: z.boolean().optional(),
    flapHistory: z
      .string()
      .regex(new RegExp(`^[01]{0,${FLAP_WINDOW}}$`))
      .default(''),
    flapping: z.boolean().default(false),
    flapAnnounced: z.boolean().default(false),
    flapLogged: z.boolean().default(false),
    fingerprint: z.string().default(''),
    missingNamed: z.array(z.string()).default([]),
    seeded: z.boolean().default(false),
    poolRef: z.number().int().nonnegative().nullable().default(null),
    // Records from before it were watched: none of their episodes began on a first reading.
    watchedSince: iso.nullable().default(EPOCH),
  })
  .transform((r): InstanceRecord => ({
    ...r,
    lastOutAt: r.lastOutAt ?? r.lastNotifiedAt,
    raised: r.raised ?? r.phase === 'firing',
  })) satisfies z.ZodType<InstanceRecord, unknown>

const finite = z.number().finite()
// tvl, change, missing, anchoredAt and samples came later: an older baseline judges nothing like
// for like until its next complete reading.
const baselineSchema = z.object({
  issuers: z.array(z.string()),
  networks: z.array(z.string()),
  tvl: z.record(z.string(), finite).default({}),
  change: z
    .object({ '7d': finite.nullable(), '30d': finite.nullable() })
    .default({ '7d': null, '30d': null }),
  missing: z
    .record(z.string(), z.object({ since: iso, polls: z.number().int().positive() }))
    .default({}),
  anchoredAt: iso.nullable().default(null),
  samples: z.array(z.object({ at: iso, tvl: z.array(finite.nullable()) })).default([]),
})

const awayDigestSchema = z.object({
  at: iso,
  since: iso,
  awayMs: z.number().nonnegative(),
  title: z.string(),
  fired: z.number().int().nonnegative(),
  resolved: z.number().int().nonnegative(),
  stillFiring: z.number().int().nonnegative(),
  items: z.array(
    z.object({
      kind: z.enum(['fired', 'resolved', 'still-firing', 'other']),
      symbol: z.string(),
      ruleName: z.string(),
      text: z.string(),
      market: z.string().nullable(),
    }),
  ),
}) satisfies z.ZodType<AwayDigest>

export const engineStateSchema = z.object({
  version: z.literal(1),
  initialized: z.boolean(),
  afterReset: z.boolean().default(false),
  seq: z.number().int().nonnegative(),
  instances: z.array(instanceSchema),
  baselines: z.record(z.string(), baselineSchema),
  // Marks written before checkedAt had advancedAt (never later than the check): it stands in.
  sources: z
    .record(
      z.string(),
      z
        .object({ newest: isoDate, checkedAt: iso.optional(), advancedAt: iso.optional() })
        .transform((m): SourceMark => ({
          newest: m.newest,
          checkedAt: m.checkedAt ?? m.advancedAt ?? EPOCH,
        })),
    )
    .default({}),
  pools: z
    .record(
      z.string(),
      z.object({ at: iso, networks: z.record(z.string(), z.number().int().nonnegative()) }),
    )
    .default({}),
  onceSent: z.record(z.string(), z.string()),
  held: z.array(z.object({ reason: z.enum(TIME_HOLDS), event: alertEventSchema })),
  heldOverflow: z.number().int().nonnegative(),
  lastSeenAt: iso.nullable().default(null),
  away: awayDigestSchema.nullable().default(null),
}) satisfies z.ZodType<AlertEngineState, unknown>

/** Strip engine bookkeeping for the UI; the cooldown follows from the rule as it is now. */
export function toInstance(
  r: InstanceRecord,
  rule: AlertRule | undefined,
  now: Date,
): AlertInstance {
  return {
    ruleId: r.ruleId,
    symbol: r.symbol,
    state: r.state,
    breachCount: r.breachCount,
    since: r.since,
    firedAt: r.firedAt,
    lastNotifiedAt: r.lastNotifiedAt,
    lastValue: r.lastValue,
    verified: r.verified,
    detail: r.detail,
    heldBack: r.owed?.why ?? null,
    flapping: r.flapping,
    phase: r.phase,
    cooldownUntil: rule === undefined ? null : cooldownUntil(r, rule, now),
  }
}

/** The instances as the UI shows them now, under the rules as they are. */
export function instancesOf(
  records: InstanceRecord[],
  rules: AlertRule[],
  now: Date,
): AlertInstance[] {
  const byId = new Map(rules.map((r) => [r.id, r]))
  return records.map((r) => toInstance(r, byId.get(r.ruleId), now))
}
