// Start at login, into the tray. Windows passes our --hidden argument; macOS (where Electron 45
// dropped openAsHidden) tells us via wasOpenedAtLogin; Linux gets an XDG autostart entry.
import { homedir } from 'node:os'
import { join } from 'node:path'
import { app } from 'electron'
import { HIDDEN_ARG, isHiddenLaunch } from './launch-args'
import { setAutostart } from './xdg-autostart'

export async function applyLoginItem(openAtLogin: boolean): Promise<void> {
  if (process.platform !== 'linux') {
    app.setLoginItemSettings({ openAtLogin, args: [HIDDEN_ARG] })
    return
  }
  // Unpackaged (npm start) runs through the electron binary with the app path as argument.
  const exec = process.env.APPIMAGE ?? process.execPath
  const args = app.isPackaged ? [HIDDEN_ARG] : [app.getAppPath(), HIDDEN_ARG]
  const configHome = process.env.XDG_CONFIG_HOME || join(homedir(), '.config')
  await setAutostart({ configHome, exec, args, name: app.getName() }, openAtLogin)
}

export function wasStartedHidden(argv: readonly string[]): boolean {
  const macAtLogin = process.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin
  return isHiddenLaunch(argv, macAtLogin)
}
