// The alerts engine's persisted state (alert-state.json): one definition, the schema, whose output
// types the engine's stages pass (re-exported by engine/alerts/model.ts). Fields added after the
// first release are optional or defaulted here, so an older state file still loads.
import { z } from 'zod'
import { EPISODE_NEWS_TYPES, HELD_BACK_REASONS } from './alert-facts'
import { ALERT_PHASES, ALERT_STATES, alertEventSchema } from './alert-rules'
import { awayDigestSchema } from './away-digest'
import { VALUE_UNITS } from './conditions/kind'
import { isoDate } from './liquidity-schemas'

/** Holds that end by the clock, then deliver a digest (engine/alerts/text/notes.ts words them). */
const TIME_HOLDS = ['quiet-hours', 'paused'] as const
export type TimeHold = (typeof TIME_HOLDS)[number]

/** Trusted readings the flap detector looks back over (engine/alerts/pace/flapping.ts). */
export const FLAP_WINDOW = 21

const iso = z.string().datetime()
const EPOCH = new Date(0).toISOString()
const finite = z.number().finite()
const count = z.number().int().nonnegative()

/** News of an episode the user has not had yet: told once the reason clears, if still true. */
const owedSchema = z.object({
  type: z.enum(EPISODE_NEWS_TYPES),
  why: z.enum(HELD_BACK_REASONS),
  /** A held-back 'resolved': how long the episode lasted. */
  durationMs: z.number().nonnegative().optional(),
})
export type Owed = z.output<typeof owedSchema>

/**
 * One (rule, symbol): the AlertInstance the UI shows (heldBack from `owed`, cooldownUntil from
 * `lastOutAt` and the rule are derived when shown) and the engine's bookkeeping.
 */
export const instanceSchema = z
  .object({
    ruleId: z.string(),
    symbol: z.string(),
    state: z.enum(ALERT_STATES),
    breachCount: count,
    since: iso.nullable(),
    firedAt: iso.nullable(),
    lastNotifiedAt: iso.nullable(),
    lastValue: z.number().nullable(),
    lastUnit: z.enum(VALUE_UNITS).optional(),
    verified: z.boolean(),
    detail: z.string().nullable(),
    flapping: z.boolean().default(false),
    phase: z.enum(ALERT_PHASES),
    /** Last 'fired' or 'repeated' event: the repeat timer runs from here. */
    lastAlertAt: iso.nullable(),
    owed: owedSchema.nullable().default(null),
    /** Last notification sent or queued for a digest: the cooldown runs from here. */
    lastOutAt: iso.nullable().optional(),
    /** The condition with hysteresis: set by a breach, cleared only past the re-arm margin. */
    raised: z.boolean().optional(),
    /** `raised` of the last readings, oldest first, as '0'/'1': the flap detector's input. */
    flapHistory: z
      .string()
      .regex(new RegExp(`^[01]{0,${FLAP_WINDOW}}$`))
      .default(''),
    /** The user was told it is flapping (and will be told when it stops). */
    flapAnnounced: z.boolean().default(false),
    /** Its 'flapping' event is in the history though the notice still waits. */
    flapLogged: z.boolean().default(false),
    /** The rule as edited when the flap history began: an edit starts the history afresh. */
    fingerprint: z.string().default(''),
    /** Parts ("issuer\u0000network") already named in an 'issuer-left' notice during their absence. */
    missingNamed: z.array(z.string()).default([]),
    /** Under way at the backfill poll after a reset: 'fired'/'resolved' recorded, not notified. */
    seeded: z.boolean().default(false),
    /** pool-count rules: the count a drop is measured from during an episode (pool-reference.ts). */
    poolRef: count.nullable().default(null),
    /** Its first trusted reading: an episode found then was under way before. Records from before
     *  it were watched: none of their episodes began on a first reading. */
    watchedSince: iso.nullable().default(EPOCH),
  })
  .transform((r) => ({
    ...r,
    lastOutAt: r.lastOutAt ?? r.lastNotifiedAt,
    raised: r.raised ?? r.phase === 'firing',
  }))
export type InstanceRecord = z.output<typeof instanceSchema>

/** Since the first trusted reading without it, for `polls` trusted readings in a row. */
const missingPartSchema = z.object({ since: iso, polls: z.number().int().positive() })
export type MissingPart = z.output<typeof missingPartSchema>

/**
 * A symbol's parts at its last complete reading (the anchor), and those missing since. tvl,
 * change, missing, anchoredAt and samples came later: an older baseline judges nothing like for
 * like until its next complete reading.
 */
const baselineSchema = z.object({
  issuers: z.array(z.string()),
  /** "issuer\u0000network" pairs. */
  networks: z.array(z.string()),
  /** TVL of each pair at the anchor. */
  tvl: z.record(z.string(), finite).default({}),
  /** Verified window changes (percent) at the anchor: where its parts were one window before it. */
  change: z
    .object({ '7d': finite.nullable(), '30d': finite.nullable() })
    .default({ '7d': null, '30d': null }),
  /** Pairs of the anchor absent from the latest trusted reading. */
  missing: z.record(z.string(), missingPartSchema).default({}),
  /** When the anchor was read; null in files from before it was kept (no like-for-like change). */
  anchoredAt: iso.nullable().default(null),
  /** Trusted readings while parts are missing (about one a day), oldest first (like-for-like.ts).
   *  `tvl`: the anchor's pairs in the order of `networks`; null where absent. */
  samples: z.array(z.object({ at: iso, tvl: z.array(finite.nullable()) })).default([]),
})
export type SymbolBaseline = z.output<typeof baselineSchema>

/** The newest point of a symbol's daily series at the service, as of the poll that checked it
 *  (the mark expires after SOURCE_MARK_TTL_MS). Marks written before checkedAt had advancedAt
 *  (never later than the check): it stands in. */
const sourceMarkSchema = z
  .object({ newest: isoDate, checkedAt: iso.optional(), advancedAt: iso.optional() })
  .transform((m) => ({ newest: m.newest, checkedAt: m.checkedAt ?? m.advancedAt ?? EPOCH }))
export type SourceMark = z.output<typeof sourceMarkSchema>

/** A symbol's pools per network (networkKey) at its last trusted reading: a pool drop's base. */
const poolCountsSchema = z.object({ at: iso, networks: z.record(z.string(), count) })
export type PoolCounts = z.output<typeof poolCountsSchema>

const heldEventSchema = z.object({ reason: z.enum(TIME_HOLDS), event: alertEventSchema })
export type HeldEvent = z.output<typeof heldEventSchema>

export const engineStateSchema = z.object({
  version: z.literal(1),
  /** false until a cycle had fresh data: that first cycle is backfill and notifies nothing. */
  initialized: z.boolean(),
  /** Started fresh in place of an unusable state file: episodes under way then may have been told. */
  afterReset: z.boolean().default(false),
  /** Event id counter (ids stay unique without randomness, so evaluation stays pure). */
  seq: count,
  instances: z.array(instanceSchema),
  /** Issuers/networks of each symbol's last good observation, to spot ones that vanish. */
  baselines: z.record(z.string(), baselineSchema),
  /** Per symbol: how current the service's own data is. */
  sources: z.record(z.string(), sourceMarkSchema).default({}),
  pools: z.record(z.string(), poolCountsSchema).default({}),
  /** 'once' rules: instance key → fingerprint of the rule when its notification went out. */
  onceSent: z.record(z.string(), z.string()),
  /** Events waiting for quiet hours or a pause to end; delivered as one digest. */
  held: z.array(heldEventSchema),
  /** Held events dropped beyond the cap, still counted in the digest. */
  heldOverflow: count,
  /** The last cycle that judged fresh data: the away digest measures from here. */
  lastSeenAt: iso.nullable().default(null),
  away: awayDigestSchema.nullable().default(null),
})
export type AlertEngineState = z.output<typeof engineStateSchema>
