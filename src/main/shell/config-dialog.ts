// The OS file dialogs of Settings → Export/Import: the only place that calls Electron's dialog.
// What is done with the chosen file is src/main/ipc/config-files.ts (Electron-free).
import { app, BrowserWindow, dialog } from 'electron'
import { join } from 'node:path'
import type { ConfigFileDialog } from '../ipc/config-files'

const FILTERS = [
  { name: 'Liquidity Watch config (YAML or JSON)', extensions: ['yaml', 'yml', 'json'] },
]

/** Dialogs over the focused app window (if any), starting in the user's documents folder. */
export function electronConfigDialog(): ConfigFileDialog {
  const parent = (): BrowserWindow | null => BrowserWindow.getFocusedWindow()
  return {
    async chooseExportPath(suggestedName) {
      const options = {
        title: 'Export settings',
        defaultPath: join(app.getPath('documents'), suggestedName),
        buttonLabel: 'Export',
        filters: FILTERS,
      }
      const win = parent()
      const r = await (win ? dialog.showSaveDialog(win, options) : dialog.showSaveDialog(options))
      return r.canceled || !r.filePath ? null : r.filePath
    },
    async chooseImportPath() {
      const options = {
        title: 'Import settings',
        defaultPath: app.getPath('documents'),
        buttonLabel: 'Preview import',
        filters: FILTERS,
        properties: ['openFile' as const],
      }
      const win = parent()
      const r = await (win ? dialog.showOpenDialog(win, options) : dialog.showOpenDialog(options))
      return r.canceled ? null : (r.filePaths[0] ?? null)
    },
  }
}
