// Command-line facts the shell acts on. Electron-free.

/** Passed by the login item: start in the tray without showing the window. */
export const HIDDEN_ARG = '--hidden'

export function isHiddenLaunch(argv: readonly string[], openedAsHiddenByOs = false): boolean {
  return openedAsHiddenByOs || argv.includes(HIDDEN_ARG)
}
