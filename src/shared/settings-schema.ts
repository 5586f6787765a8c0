// User settings: the schema main validates against, and the defaults of a fresh install.
import { z } from 'zod'
import { alertRuleSchema, defaultRules } from './alert-rules'
import { checkServiceUrl } from './service-url'
import { contactPointSchema, MAX_CONTACT_POINTS } from './contact-points'

export const SETTINGS_VERSION = 1
/** The longest notification pause (tray and status bar: "pause for 1 h"; the IPC bound). */
export const MAX_PAUSE_MINUTES = 24 * 60

/** Tickers are exact and case-sensitive in the service; we only bound their shape. */
export const symbolSchema = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9._-]+$/, 'should be letters, digits, dot, dash or underscore')

/** How long a message to a contact point may wait unsent before it is dropped (with a note). */
export const DEFAULT_DELIVERY_MAX_AGE_HOURS = 24

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'should be a time as HH:MM (24 h)')

/** A Service URL the client will use (shared/service-url.ts); parses to the normalised form. */
export const serviceUrlSchema = z.string().transform((text, ctx) => {
  const r = checkServiceUrl(text)
  if (r.ok) return r.url
  // The reason is a sentence of its own ("The service address must start with https://…").
  ctx.addIssue({ code: 'custom', message: r.reason, params: { sentence: true } })
  return z.NEVER
})

/** Names the UI and messages use for each setting; a setting without one is a type error. */
export const SETTING_LABELS = {
  version: 'Settings version',
  watchlist: 'Watchlist',
  baseUrl: 'Service URL',
  intervalMinutes: 'Polling interval',
  notifications: 'Notifications',
  quietHours: 'Quiet hours',
  rules: 'Alert rules',
  startAtLogin: 'Start at login',
  notificationsPausedUntil: 'Notification pause',
  contactPoints: 'Contact points',
  deliveryMaxAgeHours: 'Drop undelivered messages after',
} as const satisfies Record<SettingKey, string>

/** Rows and rules are keyed by symbol and id (the UI's keyed lists throw on a duplicate). */
function firstDuplicate(keys: string[]): string | null {
  const seen = new Set<string>()
  for (const k of keys) {
    if (seen.has(k)) return k
    seen.add(k)
  }
  return null
}

const notificationsSchema = z.object({
  enabled: z.boolean(),
  /** Notify alerts whose reported and computed changes disagree (marked); default: hold them. */
  notifyUnverified: z.boolean().default(false),
})

/** The most symbols a watchlist holds (a whole tokenized-stock universe; polls are tiered). */
export const MAX_WATCHLIST = 5000

export const settingsSchema = z.object({
  version: z.literal(SETTINGS_VERSION),
  watchlist: z
    .array(symbolSchema)
    // A whole tokenized-stock universe: polls are tiered above the detail budget (poll-plan.ts).
    .max(MAX_WATCHLIST)
    .superRefine((list, ctx) => {
      const dup = firstDuplicate(list)
      if (dup !== null) ctx.addIssue({ code: 'custom', message: `lists ${dup} twice` })
    }),
  /** null: use the embedded local service with demo data. */
  baseUrl: serviceUrlSchema.nullable(),
  // Refinements, not min/max: their messages (with the unit) are what people read.
  intervalMinutes: z
    .number()
    .refine((m) => m >= 1, 'must be at least 1 minute')
    .refine((m) => m <= 24 * 60, 'must be at most 24 hours (1440 minutes)'),
  notifications: notificationsSchema,
  quietHours: z.object({ enabled: z.boolean(), start: hhmm, end: hhmm }),
  rules: z
    .array(alertRuleSchema)
    .max(200)
    .superRefine((rules, ctx) => {
      const dup = firstDuplicate(rules.map((r) => r.id))
      if (dup !== null)
        ctx.addIssue({ code: 'custom', message: `has two rules with the id ${dup}` })
    }),
  startAtLogin: z.boolean(),
  /** Until this instant notifications are held (tray "pause for 1 h"). */
  notificationsPausedUntil: z.string().datetime().nullable(),
  /** Where notifications go besides the desktop (shared/contact-points.ts); secrets are in the keychain. */
  contactPoints: z
    .array(contactPointSchema)
    .max(MAX_CONTACT_POINTS)
    .superRefine((points, ctx) => {
      const dup = firstDuplicate(points.map((p) => p.id))
      if (dup !== null)
        ctx.addIssue({ code: 'custom', message: `has two contact points with the id ${dup}` })
    })
    .default([]),
  /** A message to a contact point still unsent after this many hours is dropped with a note. */
  deliveryMaxAgeHours: z
    .number()
    .refine((h) => h >= 1, 'must be at least 1 hour')
    .refine((h) => h <= 7 * 24, 'must be at most 7 days (168 hours)')
    .default(DEFAULT_DELIVERY_MAX_AGE_HOURS),
})

export type Settings = z.infer<typeof settingsSchema>
export type SettingKey = keyof Settings

export function defaultSettings(): Settings {
  return {
    version: SETTINGS_VERSION,
    watchlist: ['TSLA', 'NVDA', 'AAPL', 'GOLD'],
    baseUrl: null,
    intervalMinutes: 5,
    notifications: { enabled: true, notifyUnverified: false },
    quietHours: { enabled: false, start: '22:00', end: '07:00' },
    rules: defaultRules(),
    startAtLogin: false,
    notificationsPausedUntil: null,
    contactPoints: [],
    deliveryMaxAgeHours: DEFAULT_DELIVERY_MAX_AGE_HOURS,
  }
}

/**
 * What the renderer may change in one call; every field optional, nothing else allowed. Rules and
 * the watchlist have their own methods; a pause goes through pauseNotifications (at most 24 h).
 * `notifications` may name only some of its fields: the others keep their saved values (a zod
 * default here would silently reset them).
 */
export const settingsPatchSchema = settingsSchema
  .omit({
    version: true,
    rules: true,
    watchlist: true,
    notificationsPausedUntil: true,
    contactPoints: true,
  })
  .extend({
    notifications: z
      .object({ enabled: z.boolean(), notifyUnverified: z.boolean() })
      .partial()
      .strict(),
    // Without its default: a patch that does not name it must not reset it to 24 h.
    deliveryMaxAgeHours: settingsSchema.shape.deliveryMaxAgeHours.unwrap(),
  })
  .partial()
  .strict()
export type SettingsPatch = z.infer<typeof settingsPatchSchema>

/** The settings with a patch applied; `notifications` merges field by field. */
export function applySettingsPatch(s: Settings, patch: SettingsPatch): Settings {
  return { ...s, ...patch, notifications: { ...s.notifications, ...patch.notifications } }
}
