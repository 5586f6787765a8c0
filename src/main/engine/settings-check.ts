// Decides whether settings text can be trusted: JSON, migrated to the current version, schema-valid.
import type { z } from 'zod'
import { settingsSchema, type Settings } from '../../shared/settings-schema'
import { MigrationError, migrateSettings } from './migrations'

export type SettingsCheck =
  | { ok: true; settings: Settings; from: number }
  /** reason completes "Your settings file …". */
  | { ok: false; reason: string }

export function describeIssues(issues: z.core.$ZodIssue[]): string {
  const first = issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
  return first.join('; ') + (issues.length > 3 ? ` (+${issues.length - 3} more)` : '')
}

export function checkSettingsText(text: string): SettingsCheck {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'is not valid JSON' }
  }
  let migrated: ReturnType<typeof migrateSettings>
  try {
    migrated = migrateSettings(raw)
  } catch (e) {
    if (e instanceof MigrationError) return { ok: false, reason: e.message }
    throw e
  }
  const r = settingsSchema.safeParse(migrated.value)
  if (!r.success)
    return {
      ok: false,
      reason: `holds values that are not allowed (${describeIssues(r.error.issues)})`,
    }
  return { ok: true, settings: r.data, from: migrated.from }
}
