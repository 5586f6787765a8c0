// Applying a checked config to the settings: one settings-store update (one atomic write of the
// settings file), or — for a dry run or a refused file — nothing at all.
import { LiquidityError } from '../../shared/errors'
import { settingsSchema, type Settings } from '../../shared/settings-schema'
import { configChanges, describeChanges, summarizeChanges } from './config-changes'
import { settingsFromConfig } from './config-settings'
import type { ConfigRead } from './parse-config'

/** The part of the settings store (engine/settings) or the core's settings an import needs. */
export interface SettingsOwner {
  get(): Settings
  update(fn: (s: Settings) => Settings): Settings
}

export type ImportOutcome =
  | {
      ok: true
      /** What changed (or would change, on a dry run), one line each (config-changes.ts). */
      changes: string[]
      /** The changes counted in one line ("3 symbols added, 1 rule changed"). */
      summary: string
      applied: boolean
      settings: Settings
      /** The settings the file makes (what a dry run would have written). */
      next: Settings
    }
  | { ok: false; problems: string[] }

/** Imports `read` into `owner`; refused whole (nothing changed) on any problem or a failed save. */
export function importConfig(
  owner: SettingsOwner,
  read: ConfigRead,
  options: { dryRun: boolean },
): ImportOutcome {
  if (!read.ok) return read
  const before = owner.get()
  const after = settingsFromConfig(before, read.config)
  // Built from the same schemas, so this holds; checked anyway before anything is written.
  const check = settingsSchema.safeParse(after)
  if (!check.success) return { ok: false, problems: ['the file does not make valid settings'] }
  const found = configChanges(before, check.data)
  const changes = describeChanges(found)
  const summary = summarizeChanges(found)
  const next = check.data
  if (options.dryRun) return { ok: true, changes, summary, applied: false, settings: before, next }
  try {
    const settings = owner.update(() => next)
    return { ok: true, changes, summary, applied: true, settings, next }
  } catch (e) {
    if (e instanceof LiquidityError) return { ok: false, problems: [e.message] }
    throw e
  }
}
