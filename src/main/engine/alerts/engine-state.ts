// The alert engine's persisted state (AlertEngineState, model.ts): its schema and a fresh value.
import { z } from 'zod'
import { EPISODE_NEWS_TYPES } from '../../../shared/alert-facts'
import {
  ALERT_PHASES,
  ALERT_STATES,
  alertEventSchema,
  HELD_BACK_REASONS,
  type AlertInstance,
  type AlertRule,
} from '../../../shared/alert-rules'
import { awayDigestSchema } from '../../../shared/away-digest'
import { VALUE_UNITS } from '../../../shared/conditions/kind'
import { isoDate } from '../../../shared/liquidity-schemas'
import { cooldownUntil as cooldownOf } from './pace/cooldown'
import { FLAP_WINDOW } from './pace/flapping'
import { TIME_HOLDS } from './text/notes'
import type { AlertEngineState, InstanceRecord, SourceMark } from './model'

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
const FLAP_HISTORY = new RegExp(`^[01]{0,${FLAP_WINDOW}}$`)

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
    lastUnit: z.enum(VALUE_UNITS).optional(),
    verified: z.boolean(),
    detail: z.string().nullable(),
    phase: z.enum(ALERT_PHASES),
    lastAlertAt: iso.nullable(),
    // Fields added later are optional here and filled below, so an older state file still loads.
    owed: z
      .object({
        type: z.enum(EPISODE_NEWS_TYPES),
        why: z.enum(HELD_BACK_REASONS),
        durationMs: z.number().nonnegative().optional(),
      })
      .nullable()
      .default(null),
    lastOutAt: iso.nullable().optional(),
    raised: z.boolean().optional(),
    flapHistory: z.string().regex(FLAP_HISTORY).default(''),
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
  const { ruleId, symbol, state, breachCount, since, firedAt, lastNotifiedAt, lastValue } = r
  const shown = { ruleId, symbol, state, breachCount, since, firedAt, lastNotifiedAt, lastValue }
  const { lastUnit, verified, detail, flapping, phase } = r
  const heldBack = r.owed?.why ?? null
  const cooldownUntil = rule === undefined ? null : cooldownOf(r, rule, now)
  return { ...shown, lastUnit, verified, detail, heldBack, flapping, phase, cooldownUntil }
}

/** The instances as the UI shows them now, under the rules as they are. */
export function instancesOf(records: InstanceRecord[], rules: AlertRule[], now: Date) {
  const byId = new Map(rules.map((r) => [r.id, r]))
  return records.map((r) => toInstance(r, byId.get(r.ruleId), now))
}
