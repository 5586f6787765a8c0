// Identity and command-line facts the shell acts on. Electron-free.

// Defined once in shared/app-id.ts (the packager reads it too); re-exported for the shell.
export { APP_ID } from '../../shared/app-id'

/** Passed by the login item: start in the tray without showing the window. */
export const HIDDEN_ARG = '--hidden'

export function isHiddenLaunch(argv: readonly string[], openedAsHiddenByOs = false): boolean {
  return openedAsHiddenByOs || argv.includes(HIDDEN_ARG)
}
