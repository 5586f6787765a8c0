// Alert rules and the values the alert engine produces (states, events, decisions).
import { z } from 'zod'
import {
  ALERT_EVENT_TYPES,
  DEFAULT_COOLDOWN_MINUTES,
  MAX_COOLDOWN_MINUTES,
  type HeldBackReason,
} from './alert-facts'
import { CLOSED_REASONS, MARKET_KINDS, MARKET_PHASES, type MarketSession } from './market-hours'
import { VALUE_UNITS, type ValueUnit } from './conditions/kind'
import { conditionSchema } from './conditions/registry'
import { contactPointIdSchema, DEFAULT_SEVERITY, SEVERITIES } from './contact-points'

// The facts the renderer needs too live without zod in alert-facts.ts; re-exported for the engine.
export {
  ALERT_EVENT_TYPES,
  DEFAULT_COOLDOWN_MINUTES,
  HELD_BACK_REASONS,
  type AlertEventType,
  type HeldBackReason,
} from './alert-facts'

export const ALERT_STATES = [
  'ok',
  'pending',
  'firing',
  'resolved',
  'nodata',
  'error',
  'stale',
] as const
export type AlertState = (typeof ALERT_STATES)[number]

/** Where an alert is in its episode on trusted data; the shown AlertState may differ (stale, error, nodata). */
export const ALERT_PHASES = ['ok', 'pending', 'firing'] as const
export type AlertPhase = (typeof ALERT_PHASES)[number]

// Condition kinds are modules listed in shared/conditions/registry.ts; the union is built there.
export { CHANGE_WINDOWS, type ChangeWindow } from './conditions/kind'
export { conditionSchema, type AlertCondition } from './conditions/registry'

const symbolKey = z.string().min(1).max(32)
const isoInstant = z.string().datetime()

export const ruleOverrideSchema = z
  .object({
    enabled: z.boolean().optional(),
    /** Replaces thresholdPct / amount / maxSharePct for this symbol. */
    threshold: z.number().positive().optional(),
    snoozedUntil: isoInstant.nullable().optional(),
  })
  .strict()

export const alertRuleSchema = z
  .object({
    id: z.string().min(1).max(64),
    name: z.string().min(1).max(120),
    // The defaults below are a new rule's in the app, so a hand-written config file needs only
    // id, name and condition.
    enabled: z.boolean().default(true),
    /** 'watchlist' follows the watchlist, including symbols added later. */
    scope: z
      .discriminatedUnion('kind', [
        z.object({ kind: z.literal('watchlist') }).strict(),
        z
          .object({ kind: z.literal('symbols'), symbols: z.array(symbolKey).min(1).max(500) })
          .strict(),
      ])
      .default({ kind: 'watchlist' }),
    overrides: z.record(symbolKey, ruleOverrideSchema).default({}),
    condition: conditionSchema,
    /** Consecutive breaching cycles before firing. */
    pendingCycles: z.number().int().min(1).max(100).default(2),
    /** Percentage points the value must come back past the threshold to resolve. */
    rearmMarginPct: z.number().min(0).max(100).default(2),
    /** While still firing, notify again after this many hours (notify: 'every-time'). */
    repeatHours: z
      .number()
      .min(0.25)
      .max(24 * 30)
      .default(24),
    /** 'once': notify the first firing only, then stay silent until the rule is edited (TradingView's
     *  "only once"); 'every-time': every new episode, and again every repeatHours while it lasts. */
    notify: z.enum(['once', 'every-time']).default('every-time'),
    /**
     * Minutes between two notifications of one (rule, symbol): news inside it is recorded, and told
     * when it ends if still true. 0 turns it off. Rules saved before it existed get the default.
     */
    cooldownMinutes: z
      .number()
      .int()
      .min(0)
      .max(MAX_COOLDOWN_MINUTES)
      .default(DEFAULT_COOLDOWN_MINUTES),
    /**
     * Notify, naming it, when an issuer or network of a symbol has been missing from the data for
     * pendingCycles trusted polls in a row (at least 2). Either way its absence is shown and changes
     * are compared without it.
     */
    notifyMissingIssuers: z.boolean().default(false),
    /** How serious its news is: contact points with a higher minSeverity do not get it. */
    severity: z.enum(SEVERITIES).default(DEFAULT_SEVERITY),
    /**
     * The contact points it notifies (shared/contact-points.ts; 'desktop' is the desktop). Absent:
     * the desktop plus every contact point marked default.
     */
    contactPoints: z.array(contactPointIdSchema).max(20).optional(),
    expiresAt: isoInstant.nullable().default(null),
    snoozedUntil: isoInstant.nullable().default(null),
  })
  .strict()
export type AlertRule = z.infer<typeof alertRuleSchema>

export const DEFAULT_RULE_ID = 'default-7d-drop'

export function defaultRules(): AlertRule[] {
  return [
    {
      id: DEFAULT_RULE_ID,
      name: '7-day TVL drop ≥ 10 %',
      enabled: true,
      scope: { kind: 'watchlist' },
      overrides: {},
      condition: { kind: 'tvl-change', window: '7d', direction: 'down', thresholdPct: 10 },
      pendingCycles: 2,
      rearmMarginPct: 2,
      repeatHours: 24,
      notify: 'every-time',
      cooldownMinutes: DEFAULT_COOLDOWN_MINUTES,
      notifyMissingIssuers: false,
      severity: DEFAULT_SEVERITY,
      expiresAt: null,
      snoozedUntil: null,
    },
  ]
}

/** One history entry; the schema checks the entries read back from the state file. */
const marketSessionSchema = z.object({
  market: z.enum(MARKET_KINDS).nullable(),
  phase: z.enum(MARKET_PHASES),
  reason: z.enum(CLOSED_REASONS).nullable(),
  holiday: z.string().nullable(),
  earlyClose: z.string().nullable(),
  label: z.string(),
}) satisfies z.ZodType<MarketSession>

export const alertEventSchema = z.object({
  id: z.string().min(1),
  at: isoInstant,
  type: z.enum(ALERT_EVENT_TYPES),
  ruleId: z.string(),
  ruleName: z.string(),
  symbol: z.string(),
  message: z.string(),
  /** Observed value (percent change, amount or share) when the event was made. */
  value: z.number().nullable(),
  threshold: z.number().nullable(),
  /** value's and threshold's unit when not the rule's kind's own: 'hhi' for a concentration alert over its HHI limit only. */
  unit: z.enum(VALUE_UNITS).optional(),
  /** false when the reported tvlChange disagreed with the computed change. */
  verified: z.boolean(),
  /** For 'resolved': how long the condition lasted. */
  durationMs: z.number().nonnegative().optional(),
  /**
   * A stock's or commodity's market at the time of the data the event rests on (market-hours.ts):
   * "while the US market was closed (weekend)". Absent on other assets and older events.
   */
  market: marketSessionSchema.optional(),
  /**
   * When the data the event rests on was fetched from the service (the asset detail the alert
   * judged): the notification's "data as of". Absent on events not about data (snooze) and older ones.
   */
  asOf: isoInstant.optional(),
  /** For 'resolved': what the value came back to, with its threshold ("TSLA 7-day TVL back to −3.1 % (threshold −10.0 %)"). */
  recovery: z.string().optional(),
})
export type AlertEvent = z.infer<typeof alertEventSchema>

/** Why a decision is 'held': quiet hours and pauses end in a digest; disagreeing figures wait for data that agrees. */
export const HOLD_REASONS = [
  'quiet-hours',
  'paused',
  /** The reported change contradicts the computed one: kept in history, not notified by default. */
  'figures-disagree',
] as const
export type HoldReason = (typeof HOLD_REASONS)[number]

/**
 * Why alerts were not notified. Codes are a public interface (check --json): add, never rename.
 * ('cached-data' and 'repeat-interval' were listed once but no version ever emitted them.)
 */
export const SUPPRESS_REASONS = [
  'disabled',
  'snoozed',
  'backfill',
  'once-already-sent',
  /** A held alert whose rule was deleted before the hold ended. */
  'rule-deleted',
  /** A held alert whose rule was turned off, expired or no longer covers the symbol. */
  'rule-disabled',
  /** The rule notified about this symbol less than cooldownMinutes ago. */
  'cooldown',
  /** The rule/symbol is flapping: one notice when it starts and one when it settles. */
  'flapping',
  /**
   * A held alert on figures that disagree, at the end of its hold, after the user turned off
   * notifying such alerts — and it is no longer news (while it is, it stays held and owed).
   */
  'figures-disagree',
  /**
   * A one-shot run (`check`) whose alert state could not be saved: the next run would find the same
   * news again and notify it twice, so none is sent until the state can be saved.
   */
  'unsaved',
] as const
export type SuppressReason = (typeof SUPPRESS_REASONS)[number]

const eventIds = z.array(z.string())
/** The oldest data a notification rests on (its events' asOf); absent when none is about data. */
const asOf = isoInstant.optional()
/** The (rule, symbol) pairs a notification is about: what a snooze from it snoozes. */
const targets = z.array(z.object({ ruleId: z.string(), symbol: z.string() })).optional()
/** Entries logged before notes existed read with an empty note; the views fall back to the reason. */
const note = z.string().default('')

/**
 * Every decision that is not 'sent' says why: a stable `reason` code and a plain-language `note`.
 * The schema checks the decisions read back from the notification log.
 */
export const notificationDecisionSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('sent'),
    title: z.string(),
    body: z.string(),
    symbol: z.string().nullable(),
    eventIds,
    asOf,
    targets,
  }),
  z.object({
    status: z.literal('held'),
    reason: z.enum(HOLD_REASONS),
    note,
    title: z.string(),
    body: z.string(),
    eventIds,
    asOf,
  }),
  z.object({ status: z.literal('suppressed'), reason: z.enum(SUPPRESS_REASONS), note, eventIds }),
])
export type NotificationDecision = z.infer<typeof notificationDecisionSchema>

/** Per (rule, symbol) state the engine persists between cycles and restarts. */
export interface AlertInstance {
  ruleId: string
  symbol: string
  state: AlertState
  breachCount: number
  since: string | null
  firedAt: string | null
  lastNotifiedAt: string | null
  lastValue: number | null
  /** lastValue's unit when it is not its rule's kind's own (concentration over its HHI limit only: 'hhi'). */
  lastUnit?: ValueUnit
  verified: boolean
  detail: string | null
  /** Why this episode's news has not reached the user yet (told when that clears), else null. */
  heldBack: HeldBackReason | null
  /** Keeps changing state (flap detection): notified once, not per episode, until it settles. */
  flapping: boolean
  /**
   * Where the alert stands on the last trusted reading (`state` may say this poll could not judge:
   * error, stale, nodata). Absent on instances from before this field.
   */
  phase?: AlertPhase
  /** Until when a new notification for it waits (the rule's cooldown, from its last notification and
   *  the rule as it is now); null when none. */
  cooldownUntil: string | null
}
