// The OS file dialog of Settings → Export/Import in the browser harness: the test says what the
// user picks (a temp file path, or Cancel) before clicking; main's real config-file calls do the
// rest, over the real core, as src/main/shell/setup-ipc.ts wires them.
import type { ConfigFileDialog } from '../../../src/main/ipc/config-files'

export interface TestFileDialog extends ConfigFileDialog {
  /** Queue the user's pick in the next dialog (null: Cancel). */
  willChoose(path: string | null): void
  /** Each dialog shown: "save <suggested name>" or "open". */
  shown: string[]
}

export function testFileDialog(): TestFileDialog {
  const picks: (string | null)[] = []
  const next = (what: string): Promise<string | null> => {
    d.shown.push(what)
    if (picks.length === 0) throw new Error(`no pick queued for the ${what} dialog`)
    return Promise.resolve(picks.shift() ?? null)
  }
  const d: TestFileDialog = {
    shown: [],
    willChoose: (path) => void picks.push(path),
    chooseExportPath: (name) => next(`save ${name}`),
    chooseImportPath: () => next('open'),
  }
  return d
}
