// Importing a config file into a data dir's settings, as `config import` and the daemon's --config
// (at start and on SIGHUP) both do: read and check it, apply it as one settings update (a dry run
// only reads the settings file), read the settings file back to be sure it was saved, then clear the secrets of the contact points it
// removed or made another kind (config/void-secrets.ts, as the app's import does).
import { readFileSync } from 'node:fs'
import Conf from 'conf'
import { clearVoidSecrets, importConfig, readConfigFile, type ImportOutcome } from '../config'
import type { ContactPointSecrets } from '../engine/delivery/model'
import { settingsSchema } from '../../shared/settings-schema'
import {
  openSettings,
  settingsFilePath,
  type SettingsStore,
} from '../engine/settings/settings-store'
import { cliSettingsHelp } from './settings-help'
import { peekSettings } from './settings-peek'

export function openCliSettings(dir: string, onReport: (report: string) => void): SettingsStore {
  return openSettings({
    dir,
    create: ({ cwd, configName }) => new Conf({ cwd, configName, projectName: 'liquidity-watch' }),
    help: cliSettingsHelp(dir),
    onReport,
  })
}

/** The settings file as saved now, read back (null when it is not there or not settings). */
function savedSettings(dir: string): unknown {
  try {
    const r = settingsSchema.safeParse(JSON.parse(readFileSync(settingsFilePath(dir), 'utf8')))
    return r.success ? r.data : null
  } catch {
    return null
  }
}

/**
 * `file` into `dir`'s settings; refused whole (nothing changed) on any problem or a failed save.
 * A void secret that cannot be cleared (no keychain) does not undo the import: it is reported.
 */
export async function importConfigFile(
  dir: string,
  file: string,
  o: { dryRun: boolean; onReport: (report: string) => void; secrets: ContactPointSecrets },
): Promise<ImportOutcome> {
  const read = readConfigFile(file)
  if (!read.ok) return read
  if (o.dryRun) {
    // A dry run writes nothing, not even the folder or the store's last-good copy.
    const peeked = peekSettings(dir)
    if (peeked.note !== null) o.onReport(peeked.note)
    const readOnly = {
      get: () => peeked.settings,
      update: (): never => {
        throw new Error('a dry run changes nothing')
      },
    }
    return importConfig(readOnly, read, { dryRun: true })
  }
  const store = openCliSettings(dir, o.onReport)
  const before = store.get()
  const outcome = importConfig(store, read, { dryRun: false })
  if (!outcome.ok) return outcome
  const saved = savedSettings(dir)
  if (JSON.stringify(saved) !== JSON.stringify(outcome.settings))
    return {
      ok: false,
      problems: [`the settings could not be saved to ${settingsFilePath(dir)}; see the note above`],
    }
  for (const note of await clearVoidSecrets(o.secrets, before, outcome.settings)) o.onReport(note)
  return outcome
}
