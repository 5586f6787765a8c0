// Start-up repair of settings the app cannot use: keep every usable field, take each unusable one
// from the last good copy or the defaults, and say so in plain words (naming files by full path).
import { defaultSettings, settingsSchema, type Settings } from '../../../shared/settings-schema'
import { SETTING_KEYS, type FieldProblem, type SettingsCheck } from './settings-check'

export interface Repair {
  settings: Settings
  /** Completes "… so Liquidity Watch …" and names what happened, without the kept-file part. */
  story: string
}

/** Unusable fields taken one by one from `fallback`; null when the result still fails (a rule across fields). */
function repairFields(valid: Partial<Settings>, fallback: Settings): Settings | null {
  const merged: Record<string, unknown> = {}
  for (const key of SETTING_KEYS) merged[key] = key in valid ? valid[key] : fallback[key]
  const r = settingsSchema.safeParse(merged)
  return r.success ? r.data : null
}

function wholeFile(path: string, reason: string, lastGood: Settings | null): Repair {
  const restored =
    lastGood !== null ? 'restored your last good settings' : 'went back to the default settings'
  return {
    settings: lastGood ?? defaultSettings(),
    story: `Your settings file ${path} ${reason}, so Liquidity Watch ${restored}.`,
  }
}

function fieldStory(
  path: string,
  problems: FieldProblem[],
  replacedWith: string,
  review: string,
): string {
  const items = problems.map((p) => `${p.reason.replace(/\.$/, '')} — ${p.mended ?? replacedWith}`)
  return `Some settings in ${path} could not be used as they were, so Liquidity Watch fixed only those and kept the rest. ${items.join('; ')}. ${review}`
}

/** What to start with when the file at `path` is not fully usable (check.kind !== 'ok'). */
export function repairSettings(
  path: string,
  check: Exclude<SettingsCheck, { kind: 'ok' } | { kind: 'newer' }>,
  lastGood: () => Settings | null,
  help: { reviewSettings: string },
): Repair {
  if (check.kind === 'mended') {
    return {
      settings: check.settings,
      story: fieldStory(path, check.problems, '', help.reviewSettings),
    }
  }
  const good = lastGood()
  if (check.kind === 'unusable') return wholeFile(path, check.reason, good)
  const fixed = repairFields(check.valid, good ?? defaultSettings())
  if (fixed === null) {
    return wholeFile(path, `holds values that cannot be used together`, good)
  }
  const replacedWith =
    good !== null ? 'restored from your last good settings' : 'set back to the default'
  return {
    settings: fixed,
    story: fieldStory(path, check.problems, replacedWith, help.reviewSettings),
  }
}
