// User settings: the schema main validates against, and the defaults of a fresh install.
import { z } from 'zod'
import { alertRuleSchema, defaultRules } from './alert-rules'

export const SETTINGS_VERSION = 1

/** Tickers are exact and case-sensitive in the service; we only bound their shape. */
export const symbolSchema = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9._-]+$/, 'a symbol is letters, digits, dot, dash or underscore')

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM (24 h)')

export const settingsSchema = z.object({
  version: z.literal(SETTINGS_VERSION),
  watchlist: z.array(symbolSchema).max(500),
  /** null: use the embedded local service with demo data. */
  baseUrl: z.string().url().max(2048).nullable(),
  intervalMinutes: z
    .number()
    .min(1)
    .max(24 * 60),
  notifications: z.object({
    enabled: z.boolean(),
    /** Notify alerts whose reported and computed changes disagree (marked); default: hold them. */
    notifyUnverified: z.boolean().default(false),
  }),
  quietHours: z.object({ enabled: z.boolean(), start: hhmm, end: hhmm }),
  rules: z.array(alertRuleSchema).max(200),
  startAtLogin: z.boolean(),
  /** Until this instant notifications are held (tray "pause for 1 h"). */
  notificationsPausedUntil: z.string().datetime().nullable(),
})

export type Settings = z.infer<typeof settingsSchema>

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
  }
}

/** What the renderer may change in one call; every field optional, nothing else allowed. */
export const settingsPatchSchema = settingsSchema
  .omit({ version: true, rules: true, watchlist: true })
  .partial()
  .strict()
export type SettingsPatch = z.infer<typeof settingsPatchSchema>
