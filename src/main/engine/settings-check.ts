// Decides how far settings text can be trusted: JSON, migrated to the current version, then the
// schema field by field, so one unusable field does not cost the user every other setting.
import type { z } from 'zod'
import {
  SETTING_LABELS,
  settingsSchema,
  type SettingKey,
  type Settings,
} from '../../shared/settings-schema'
import { MigrationError, migrateSettings } from './migrations'

export interface FieldProblem {
  key: SettingKey
  /** Plain words: "Service URL: The service address must start with https:// …". */
  reason: string
}

export type SettingsCheck =
  | { kind: 'ok'; settings: Settings; from: number }
  /** A settings object of this version, but these fields cannot be used; `valid` holds the rest. */
  | { kind: 'fields'; valid: Partial<Settings>; problems: FieldProblem[] }
  /** reason completes "Your settings file …". */
  | { kind: 'unusable'; reason: string }

export const SETTING_KEYS = Object.keys(settingsSchema.shape) as SettingKey[]

function labelOf(path: readonly PropertyKey[]): string {
  const [first, ...rest] = path
  const label =
    typeof first === 'string' && first in SETTING_LABELS
      ? SETTING_LABELS[first as SettingKey]
      : String(first ?? 'settings')
  return rest.length > 0 ? `${label} (${rest.map(String).join('.')})` : label
}

/** "Polling interval: must be at least 1 minute; Watchlist: lists TSLA twice" (at most three). */
export function describeIssues(issues: z.core.$ZodIssue[], prefix: PropertyKey[] = []): string {
  const first = issues.slice(0, 3).map((i) => `${labelOf([...prefix, ...i.path])}: ${i.message}`)
  return first.join('; ') + (issues.length > 3 ? ` (+${issues.length - 3} more)` : '')
}

export function checkSettingsValue(raw: unknown): SettingsCheck {
  let migrated: ReturnType<typeof migrateSettings>
  try {
    migrated = migrateSettings(raw)
  } catch (e) {
    if (e instanceof MigrationError) return { kind: 'unusable', reason: e.message }
    throw e
  }
  const whole = settingsSchema.safeParse(migrated.value)
  if (whole.success) return { kind: 'ok', settings: whole.data, from: migrated.from }
  const valid: Record<string, unknown> = {}
  const problems: FieldProblem[] = []
  for (const key of SETTING_KEYS) {
    const value = migrated.value[key]
    const r = settingsSchema.shape[key].safeParse(value)
    if (r.success) valid[key] = r.data
    else if (value === undefined)
      problems.push({ key, reason: `${SETTING_LABELS[key]}: is missing` })
    else problems.push({ key, reason: describeIssues(r.error.issues, [key]) })
  }
  // Every field passes alone but not together (a rule across fields): nothing to keep field-wise.
  if (problems.length === 0) {
    return {
      kind: 'unusable',
      reason: `holds values that are not allowed together (${describeIssues(whole.error.issues)})`,
    }
  }
  return { kind: 'fields', valid: valid as Partial<Settings>, problems }
}

export function checkSettingsText(text: string): SettingsCheck {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { kind: 'unusable', reason: 'is not valid JSON' }
  }
  return checkSettingsValue(raw)
}
