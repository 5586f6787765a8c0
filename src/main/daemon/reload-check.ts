// Before a reload (SIGHUP) replaces the running engine, the new settings are read and checked:
// a file that would need repairing is refused whole, and the daemon keeps what it runs with
// (opening it would set the file aside and fall back to defaults: an empty watchlist).
import { readFileSync } from 'node:fs'
import { checkSettingsText } from '../engine/settings/settings-check'
import { settingsFilePath } from '../engine/settings/settings-store'

/** null when the settings file can be used as it is (or is absent), else why not, in plain words. */
export function settingsProblem(dataDir: string, now: Date): string | null {
  const path = settingsFilePath(dataDir)
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    return `${path} could not be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`
  }
  const c = checkSettingsText(text, now)
  if (c.kind === 'ok') return null
  if (c.kind === 'unusable' || c.kind === 'newer') return `${path} ${c.reason}`
  return `${path} has problems: ${c.problems.map((p) => p.reason).join('; ')}`
}
