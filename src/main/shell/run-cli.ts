// `<app binary> --cli …`: the packaged desktop app runs the liquidity-watch command (check,
// backtest, …) in its own runtime, with no window, tray or single-instance lock, so a check can
// run while the app is open. RunAsNode is fused off in the packaged binary (scripts/package/
// fuses.ts), so this switch, not ELECTRON_RUN_AS_NODE, is how the app's Node runs the command.
// Electron-free: the caller passes how to end the process.
import { nodeTooOld } from '../cli/node-version'

export async function runCliInApp(
  args: readonly string[],
  exit: (code: number) => void,
): Promise<void> {
  const tooOld = nodeTooOld(process.versions.node)
  if (tooOld !== null) {
    process.stderr.write(`error: ${tooOld}\n`)
    return exit(2)
  }
  // The command reads process.argv from index 2, as under `node liquidity-watch.mjs …`.
  process.argv = [process.argv[0] ?? 'liquidity-watch', 'liquidity-watch', ...args]
  const { done } = await import('../cli/main')
  const code = await done
  // A daemon runs on after its start and ends the process itself (on SIGTERM, after saving).
  if (code === null) return
  // Electron's main process does not end when its event loop is empty: end it with the command's code.
  exit(code)
}
