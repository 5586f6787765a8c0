// Start at login, into the tray. Windows passes our --hidden argument; macOS (where Electron 45
// dropped openAsHidden) tells us via wasOpenedAtLogin. Linux has no login-item API in Electron.
import { app } from 'electron'
import { HIDDEN_ARG, isHiddenLaunch } from './launch-args'

export function applyLoginItem(openAtLogin: boolean): void {
  if (process.platform === 'linux') return
  app.setLoginItemSettings({ openAtLogin, args: [HIDDEN_ARG] })
}

export function wasStartedHidden(argv: readonly string[]): boolean {
  const macAtLogin = process.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin
  return isHiddenLaunch(argv, macAtLogin)
}
