// The settings of a data dir read without writing anything: a dry run and an export must leave the
// disk as it was (opening the settings store makes the folder, rewrites a migrated file and writes
// the last-good copy). A file the store would repair is not repaired here: it is read as the store
// would use it where that is known (a field fixed in place), else as the defaults, and said so.
import { checkSettingsText } from '../engine/settings/settings-check'
import { readTextIfExistsSync } from '../engine/settings/settings-files'
import { settingsFilePath } from '../engine/settings/settings-store'
import { defaultSettings, type Settings } from '../../shared/settings-schema'
import { describeFsError } from '../engine/storage/fs-error'

export interface PeekedSettings {
  settings: Settings
  /** Whether the data dir has a settings file at all. */
  saved: boolean
  /** Why `settings` are not what the file says, in a sentence; null when they are. */
  note: string | null
}

export function peekSettings(dir: string, now = new Date()): PeekedSettings {
  const path = settingsFilePath(dir)
  let text: string | null
  try {
    text = readTextIfExistsSync(path)
  } catch (e) {
    return {
      settings: defaultSettings(),
      saved: true,
      note: `${path} could not be read (${describeFsError(e)}), so the default settings stand in.`,
    }
  }
  if (text === null) return { settings: defaultSettings(), saved: false, note: null }
  const found = checkSettingsText(text, now)
  if (found.kind === 'ok' || found.kind === 'mended')
    return { settings: found.settings, saved: true, note: null }
  const why = found.kind === 'fields' ? 'has fields that cannot be used' : found.reason
  return {
    settings: defaultSettings(),
    saved: true,
    note: `Your settings file ${path} ${why}, so the default settings stand in for it here.`,
  }
}
