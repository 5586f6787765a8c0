// Importing a config file into a data dir's settings, as `config import` and the daemon's --config
// (at start and on SIGHUP) both do: read and check it, apply it as one settings update, then read
// the settings file back to be sure it was saved.
import { readFileSync } from 'node:fs'
import Conf from 'conf'
import { importConfig, readConfigFile, type ImportOutcome } from '../config'
import { settingsSchema } from '../../shared/settings-schema'
import {
  openSettings,
  settingsFilePath,
  type SettingsStore,
} from '../engine/settings/settings-store'
import { cliSettingsHelp } from './settings-help'

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

/** `file` into `dir`'s settings; refused whole (nothing changed) on any problem or a failed save. */
export function importConfigFile(
  dir: string,
  file: string,
  o: { dryRun: boolean; onReport: (report: string) => void },
): ImportOutcome {
  const read = readConfigFile(file)
  if (!read.ok) return read
  const outcome = importConfig(openCliSettings(dir, o.onReport), read, { dryRun: o.dryRun })
  if (!outcome.ok || o.dryRun) return outcome
  const saved = savedSettings(dir)
  if (JSON.stringify(saved) !== JSON.stringify(outcome.settings))
    return {
      ok: false,
      problems: [`the settings could not be saved to ${settingsFilePath(dir)}; see the note above`],
    }
  return outcome
}
