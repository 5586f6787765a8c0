// Settings → Export/Import through main: the shell's file dialog picks the file, main reads or
// writes it (src/main/config does the rest, as for the CLI). The renderer never names a path: an
// import's checked contents wait here under a random token until Apply or Cancel, so what is
// applied is exactly what was previewed, and no renderer call can make main read another file.
import { randomUUID } from 'node:crypto'
import type {
  ConfigExportResult,
  ConfigImportPreview,
  ConfigImportResult,
} from '../../shared/config-file-views'
import { LiquidityError } from '../../shared/errors'
import type { ConfigFormat, ConfigRead, ImportOutcome } from '../config'
import { writeFileAtomicSync } from '../engine/settings/settings-files'
import { describeFsError } from '../engine/storage/fs-error'

/** The OS file dialogs (src/main/shell/config-dialog.ts; a test's own picker). null: canceled. */
export interface ConfigFileDialog {
  /** Where to save an export; the name's extension chooses YAML (.yaml, .yml) or JSON. */
  chooseExportPath(suggestedName: string): Promise<string | null>
  chooseImportPath(): Promise<string | null>
}

/** What the calls need of the core (AppCore: core/config-calls.ts). */
export interface ConfigTarget {
  configText(format: ConfigFormat): Promise<string>
  importConfig(read: ConfigRead, o: { dryRun: boolean }): Promise<ImportOutcome>
}

export interface ConfigFileCalls {
  exportConfig(): Promise<ConfigExportResult>
  previewConfigImport(): Promise<ConfigImportPreview>
  applyConfigImport(token: string): Promise<ConfigImportResult>
  cancelConfigImport(token: string): Promise<void>
}

export const CONFIG_FILE_METHODS = [
  'exportConfig',
  'previewConfigImport',
  'applyConfigImport',
  'cancelConfigImport',
] as const satisfies readonly (keyof ConfigFileCalls)[]

export const SUGGESTED_EXPORT_NAME = 'liquidity-watch.yaml'

export function createConfigFileCalls(
  target: ConfigTarget,
  dialog: ConfigFileDialog,
  newToken: () => string = randomUUID,
): ConfigFileCalls {
  /** One import waits at a time: a new preview replaces it. */
  let waiting: { token: string; path: string; read: ConfigRead } | null = null
  return {
    async exportConfig() {
      const path = await dialog.chooseExportPath(SUGGESTED_EXPORT_NAME)
      if (path === null) return { outcome: 'canceled' }
      // Config as code (and YAML) loads at the first export or import, not with the app.
      const { configFormatOf } = await import('../config')
      const format = configFormatOf(path)
      try {
        writeFileAtomicSync(path, await target.configText(format))
      } catch (e) {
        throw new LiquidityError(
          'storage',
          `The settings could not be written to ${path}: ${describeFsError(e)}`,
        )
      }
      return { outcome: 'saved', path, format }
    },
    async previewConfigImport() {
      waiting = null
      const path = await dialog.chooseImportPath()
      if (path === null) return { outcome: 'canceled' }
      const { readConfigFile } = await import('../config')
      const read = readConfigFile(path)
      const outcome = await target.importConfig(read, { dryRun: true })
      if (!outcome.ok) return { outcome: 'refused', path, problems: outcome.problems }
      waiting = { token: newToken(), path, read }
      const { changes, summary } = outcome
      return { outcome: 'ready', path, token: waiting.token, changes, summary }
    },
    async applyConfigImport(token) {
      const w = waiting
      if (w === null || w.token !== token)
        throw new LiquidityError(
          'invalid-argument',
          'This import is no longer waiting to be applied: choose the file again.',
        )
      waiting = null
      const outcome = await target.importConfig(w.read, { dryRun: false })
      if (!outcome.ok) return { outcome: 'refused', path: w.path, problems: outcome.problems }
      return {
        outcome: 'applied',
        path: w.path,
        changes: outcome.changes,
        summary: outcome.summary,
      }
    },
    cancelConfigImport(token) {
      if (waiting?.token === token) waiting = null
      return Promise.resolve()
    },
  }
}
