// The fake `dialog`: the OS file dialogs of Settings → Export/Import. A test says what the user
// will choose (a path, or cancel) before the app asks; every dialog the app opened is recorded
// with its options and parent window.
import type { FakeBrowserWindow } from './browser-window'

export interface FakeDialogCall {
  kind: 'save' | 'open'
  parent: FakeBrowserWindow | null
  options: Record<string, unknown>
}

/** What the user picks in the next dialog(s): a path, or null to cancel. */
const answers: (string | null)[] = []

function split(
  a: unknown,
  b: unknown,
): { parent: FakeBrowserWindow | null; options: Record<string, unknown> } {
  return b === undefined
    ? { parent: null, options: a as Record<string, unknown> }
    : { parent: a as FakeBrowserWindow, options: b as Record<string, unknown> }
}

function next(kind: 'save' | 'open'): string | null {
  if (answers.length === 0) throw new Error(`fake electron: no answer queued for a ${kind} dialog`)
  return answers.shift() as string | null
}

export const dialog = {
  calls: [] as FakeDialogCall[],
  /** Queue the user's choice in the next dialog (null: Cancel). */
  willChoose(path: string | null): void {
    answers.push(path)
  },
  showSaveDialog(a: unknown, b?: unknown): Promise<{ canceled: boolean; filePath: string }> {
    dialog.calls.push({ kind: 'save', ...split(a, b) })
    const path = next('save')
    return Promise.resolve(
      path === null ? { canceled: true, filePath: '' } : { canceled: false, filePath: path },
    )
  },
  showOpenDialog(a: unknown, b?: unknown): Promise<{ canceled: boolean; filePaths: string[] }> {
    dialog.calls.push({ kind: 'open', ...split(a, b) })
    const path = next('open')
    return Promise.resolve(
      path === null ? { canceled: true, filePaths: [] } : { canceled: false, filePaths: [path] },
    )
  },
}
