// Identity and command-line facts the shell acts on. Electron-free.

/** Equal to "build.appId" in package.json: Windows groups notifications and the taskbar by it. */
export const APP_ID = 'com.liquiditywatch.app'

/** Passed by the login item: start in the tray without showing the window. */
export const HIDDEN_ARG = '--hidden'

export function isHiddenLaunch(argv: readonly string[], openedAsHiddenByOs = false): boolean {
  return openedAsHiddenByOs || argv.includes(HIDDEN_ARG)
}
