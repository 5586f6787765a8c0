// Where a CLI user fixes what a message is about: the key comes from LIQUIDITY_API_KEY, the file
// LIQUIDITY_WATCH_API_KEY_FILE names, or the app's keychain entry; the service address from
// --base-url or the settings file — never a Settings screen.
import type { SettingsHelp } from '../client/errors-map'
import { API_KEY_ENV } from '../engine/secrets/secret-store'
import { API_KEY_FILE_ENV } from './key-file'
import { settingsFilePath } from '../engine/settings/settings-store'

/**
 * `command`: a one-shot run (check, backtest) names itself where a rate limit's message would say the
 * app tries again; the daemon, which does try again, leaves the app's words.
 */
export function cliSettingsHelp(dataDir: string, command?: 'check' | 'backtest'): SettingsHelp {
  return {
    ...(command ? { afterHold: `Run the ${command} again after that.` } : {}),
    // "until 12:53 UTC−5" beside the note's "until 17:53Z" read as two deadlines.
    zone: () => 0,
    missingKey: `Set ${API_KEY_ENV} (or ${API_KEY_FILE_ENV} to a file holding it), or store a key in the desktop app (it keeps it in the system keychain).`,
    rejectedKey: `Check ${API_KEY_ENV}, or the file ${API_KEY_FILE_ENV} names (when neither is set, the key the desktop app keeps in the system keychain).`,
    address: `Check the service address given with --base-url (without it, the one saved in ${settingsFilePath(dataDir)}).`,
    reviewSettings: `You can check them in ${settingsFilePath(dataDir)}, or pass --data-dir to use another folder.`,
    afterStorageFix: 'or pass --data-dir with a folder that can be written.',
  }
}
