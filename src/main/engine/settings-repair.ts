// Start-up repair of settings the app cannot use: keep every usable field, take each unusable one
// from the last good copy or the defaults, and say so in plain words (naming files by full path).
import { defaultSettings, settingsSchema, type Settings } from '../../shared/settings-schema'
import { SETTING_KEYS, type FieldProblem, type SettingsCheck } from './settings-check'

export interface Replacement extends FieldProblem {
  from: 'last-good' | 'default'
}

export interface Repair {
  settings: Settings
  /** Completes "… so Liquidity Watch …" and names what happened, without the kept-file part. */
  story: string
}

/** Unusable fields replaced one by one; null when the result still fails (a rule across fields). */
export function repairFields(
  valid: Partial<Settings>,
  problems: FieldProblem[],
  lastGood: Settings | null,
): { settings: Settings; replaced: Replacement[] } | null {
  const fallback = lastGood ?? defaultSettings()
  const merged: Record<string, unknown> = {}
  for (const key of SETTING_KEYS) merged[key] = key in valid ? valid[key] : fallback[key]
  const r = settingsSchema.safeParse(merged)
  if (!r.success) return null
  const from = lastGood !== null ? 'last-good' : 'default'
  return { settings: r.data, replaced: problems.map((p) => ({ ...p, from })) }
}

function wholeFile(path: string, reason: string, lastGood: Settings | null): Repair {
  const restored =
    lastGood !== null ? 'restored your last good settings' : 'went back to the default settings'
  return {
    settings: lastGood ?? defaultSettings(),
    story: `Your settings file ${path} ${reason}, so Liquidity Watch ${restored}.`,
  }
}

/** What to start with when the file at `path` is not fully usable (check.kind !== 'ok'). */
export function repairSettings(
  path: string,
  check: Exclude<SettingsCheck, { kind: 'ok' }>,
  lastGood: () => Settings | null,
): Repair {
  const good = lastGood()
  if (check.kind === 'unusable') return wholeFile(path, check.reason, good)
  const fixed = repairFields(check.valid, check.problems, good)
  if (fixed === null) {
    return wholeFile(path, `holds values that cannot be used together`, good)
  }
  const items = fixed.replaced.map(
    (r) =>
      `${r.reason.replace(/\.$/, '')} — ${r.from === 'last-good' ? 'restored from your last good settings' : 'set back to the default'}`,
  )
  return {
    settings: fixed.settings,
    story: `Some settings in ${path} could not be used, so Liquidity Watch replaced only those and kept the rest. ${items.join('; ')}. You can check them in Settings.`,
  }
}
