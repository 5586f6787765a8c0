// Command-line facts the shell acts on. Electron-free.

/** Passed by the login item: start in the tray without showing the window. */
export const HIDDEN_ARG = '--hidden'

/** `<app binary> --cli check --demo`: the packaged app runs the liquidity-watch command instead. */
export const CLI_ARG = '--cli'

export function isHiddenLaunch(argv: readonly string[], openedAsHiddenByOs = false): boolean {
  return openedAsHiddenByOs || argv.includes(HIDDEN_ARG)
}

/**
 * The command's arguments (everything after `--cli`), or null for a normal app start. Anything
 * before the switch is the runtime's own (the binary, `.` in development, Chromium switches).
 */
export function cliArgs(argv: readonly string[]): string[] | null {
  const at = argv.indexOf(CLI_ARG)
  return at < 0 ? null : argv.slice(at + 1)
}
