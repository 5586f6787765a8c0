// Decides how far settings text can be trusted: JSON, migrated to the current version, then the
// schema field by field, so one unusable field does not cost the user every other setting.
import type { z } from 'zod'
import {
  defaultSettings,
  MAX_PAUSE_MINUTES,
  SETTING_LABELS,
  settingsSchema,
  type SettingKey,
  type Settings,
} from '../../../shared/settings-schema'
import { describeIssues } from '../../../shared/schema-issues'
import { MigrationError, migrateSettings, NewerSettingsError } from './migrations'

export interface FieldProblem {
  key: SettingKey
  /** Plain words: "Polling interval should be a number but is text ("five")". */
  reason: string
  /** Set when the field was fixed in place and kept: what was done ("the repeats were removed"). */
  mended?: string
}

export type SettingsCheck =
  | { kind: 'ok'; settings: Settings; from: number }
  /** Usable once the fields in `problems` were fixed in place; `settings` is the fixed result. */
  | { kind: 'mended'; settings: Settings; problems: FieldProblem[] }
  /**
   * A settings object of this version, but these fields cannot be used; `valid` holds the rest
   * (fields fixed in place included, listed in `problems` with `mended`).
   */
  | { kind: 'fields'; valid: Partial<Settings>; problems: FieldProblem[] }
  /** reason completes "Your settings file …". */
  | { kind: 'unusable'; reason: string }
  /** Written by a newer version (reason as for unusable): left as it is, never replaced. */
  | { kind: 'newer'; reason: string }

export const SETTING_KEYS = Object.keys(settingsSchema.shape) as SettingKey[]

/** Lists whose entries are named one by one, counted from 1 as people count. */
const ENTRY_LABELS: Partial<Record<SettingKey, string>> = {
  watchlist: 'Watchlist entry',
  rules: 'Alert rule',
}

/** A rule's fields as the rule editor labels them. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  thresholdPct: 'threshold',
  amount: 'amount',
  maxSharePct: 'max share',
  pendingCycles: 'pending cycles',
  rearmMarginPct: 're-arm margin',
  repeatHours: 'repeat every',
  cooldownMinutes: 'cooldown',
  expiresAt: 'expires',
  snoozedUntil: 'snoozed until',
  notifyMissingIssuers: 'notify missing issuers',
}

/** "condition.thresholdPct" → "threshold"; list positions inside count from 1. */
function fieldWords(path: readonly PropertyKey[]): string {
  return path
    .filter((k) => k !== 'condition')
    .map((k) =>
      typeof k === 'number'
        ? String(k + 1)
        : (FIELD_WORDS[String(k)] ??
          String(k)
            .replace(/([a-z])([A-Z])/g, '$1 $2')
            .toLowerCase()),
    )
    .join(' ')
}

function labelOf(path: readonly PropertyKey[]): string {
  const [first, ...rest] = path
  const key = typeof first === 'string' && first in SETTING_LABELS ? (first as SettingKey) : null
  const entry = key ? ENTRY_LABELS[key] : undefined
  const [index, ...field] = rest
  if (entry !== undefined && typeof index === 'number') {
    const name = `${entry} ${index + 1}`
    return field.length > 0 ? `${name}, ${fieldWords(field)}` : name
  }
  const label = key ? SETTING_LABELS[key] : String(first ?? 'settings')
  return rest.length > 0 ? `${label} (${fieldWords(rest)})` : label
}

/** "Polling interval must be at least 1 minute; Watchlist lists TSLA twice" (at most three). */
export function describeSettingsIssues(issues: z.core.$ZodIssue[], root: unknown): string {
  return describeIssues(issues, root, labelOf)
}

type Json = Record<string, unknown>

/** Keeps the first of each repeated symbol: one repeat must not cost the user the whole list. */
function mendWatchlist(value: Json, mended: FieldProblem[]): Json {
  const list = value.watchlist
  if (!Array.isArray(list)) return value
  const kept = [...new Set<unknown>(list)]
  if (kept.length === list.length) return value
  const repeated = list.find((symbol, i) => list.indexOf(symbol) !== i)
  mended.push({
    key: 'watchlist',
    reason: `${SETTING_LABELS.watchlist} lists ${String(repeated)} twice`,
    mended: 'the repeats were removed, and each symbol kept its first place',
  })
  return { ...value, watchlist: kept }
}

/** A pause longer than pauseNotifications allows (an old bug saved year 9999) ends 24 h from now. */
function mendPause(value: Json, now: Date, mended: FieldProblem[]): Json {
  const until = value.notificationsPausedUntil
  if (typeof until !== 'string') return value
  const latest = now.getTime() + MAX_PAUSE_MINUTES * 60_000
  if (!(Date.parse(until) > latest)) return value
  mended.push({
    key: 'notificationsPausedUntil',
    reason: `Notifications were paused until ${until.slice(0, 10)}, longer than the ${MAX_PAUSE_MINUTES / 60} hours a pause may last`,
    mended: `the pause now ends ${MAX_PAUSE_MINUTES / 60} hours from now`,
  })
  return { ...value, notificationsPausedUntil: new Date(latest).toISOString() }
}

function checkSettingsValue(raw: unknown, now: Date): SettingsCheck {
  let migrated: ReturnType<typeof migrateSettings>
  try {
    migrated = migrateSettings(raw)
  } catch (e) {
    if (e instanceof NewerSettingsError) return { kind: 'newer', reason: e.message }
    if (e instanceof MigrationError) return { kind: 'unusable', reason: e.message }
    throw e
  }
  const mended: FieldProblem[] = []
  // A field left out (a short hand-written file, one from before the field existed) takes its
  // default quietly: only a value that is there and wrong is a problem worth a notice.
  const value = withDefaults(mendPause(mendWatchlist(migrated.value, mended), now, mended))
  const whole = settingsSchema.safeParse(value)
  if (whole.success) {
    return mended.length === 0
      ? { kind: 'ok', settings: whole.data, from: migrated.from }
      : { kind: 'mended', settings: whole.data, problems: mended }
  }
  const valid: Record<string, unknown> = {}
  const problems: FieldProblem[] = []
  for (const key of SETTING_KEYS) {
    const field = value[key]
    const r = settingsSchema.shape[key].safeParse(field)
    if (r.success) valid[key] = r.data
    else {
      const issues = r.error.issues.map((i) => ({ ...i, path: [key, ...i.path] }))
      problems.push({ key, reason: describeSettingsIssues(issues, value) })
    }
  }
  // Every field passes alone but not together (a rule across fields): nothing to keep field-wise.
  if (problems.length === 0) {
    return {
      kind: 'unusable',
      reason: `holds values that are not allowed together (${describeSettingsIssues(whole.error.issues, value)})`,
    }
  }
  const replaced = new Set(problems.map((p) => p.key))
  return {
    kind: 'fields',
    valid: valid as Partial<Settings>,
    problems: [...mended.filter((m) => !replaced.has(m.key)), ...problems],
  }
}

function withDefaults(value: Json): Json {
  const defaults: Json = defaultSettings()
  const out = { ...value }
  for (const key of SETTING_KEYS) if (out[key] === undefined) out[key] = defaults[key]
  return out
}

/** `now` bounds a saved pause (see mendPause). */
export function checkSettingsText(text: string, now: Date): SettingsCheck {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { kind: 'unusable', reason: 'is not valid JSON' }
  }
  return checkSettingsValue(raw, now)
}
