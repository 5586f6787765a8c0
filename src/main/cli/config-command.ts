// `liquidity-watch config export|import`: config as code on the command line (src/main/config).
// Export writes the canonical text; import refuses a bad file whole, or applies a good one as one
// settings-store update and then reads the file back to be sure it was saved.
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { Settings } from '../../shared/settings-schema'
import {
  CONFIG_FORMATS,
  configFormatOf,
  configFromSettings,
  formatConfig,
  type ConfigFormat,
} from '../config'
import { settingsFilePath, type SettingsStore } from '../engine/settings/settings-store'
import { writeFileAtomicSync } from '../engine/settings/settings-files'
import { describeFsError } from '../engine/storage/fs-error'
import { UsageError, usageError } from './arg-errors'
import { configExportUsage, configImportUsage, configUsage } from './config-usage'
import { EXIT_ERROR, EXIT_OK } from './exit-codes'
import { printable } from './printable'
import { savedContactPointSecrets } from './check-delivery'
import { importConfigFile, openCliSettings } from './config-file-import'
import { peekSettings } from './settings-peek'

const EXPORT_OPTIONS = {
  out: { type: 'string' },
  format: { type: 'string' },
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const

const IMPORT_OPTIONS = {
  'dry-run': { type: 'boolean', default: false },
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const

/** Checks a --data-dir value (main.ts's rule) and gives the folder to use. */
export type DataDirCheck = (value: string | undefined) => string

const out = (text: string): void => void process.stdout.write(`${printable(text)}\n`)
const err = (text: string): void => void process.stderr.write(`${printable(text)}\n`)

function openStore(dir: string): SettingsStore {
  return openCliSettings(dir, (report) => err(`note: ${report}`))
}

/**
 * The settings to export, read without writing anything; null (after saying why) when --data-dir
 * names a folder that is not there: a typo must not pass for the defaults. A folder without
 * settings yet (or the CLI's own, before its first run) gives the defaults, with a note.
 */
function exportedSettings(dir: string, named: boolean): Settings | null {
  if (named && !existsSync(dir)) {
    err(`error: there are no settings in ${dir}: is the folder right? (the folder does not exist)`)
    return null
  }
  const peeked = peekSettings(dir)
  if (!peeked.saved) {
    err(`note: ${dir} has no settings yet: these are the default settings.`)
    return peeked.settings
  }
  // A file the store repairs is exported as repaired (the store says how, and keeps the original).
  return peeked.note === null ? peeked.settings : openStore(dir).get()
}

function formatFor(flag: string | undefined, file: string | undefined): ConfigFormat {
  if (flag === undefined) return configFormatOf(file ?? '')
  if ((CONFIG_FORMATS as readonly string[]).includes(flag)) return flag as ConfigFormat
  throw new UsageError(`--format takes json or yaml (got ${JSON.stringify(flag)})`, 'config export')
}

function runExport(args: string[], dataDir: DataDirCheck): number {
  let values
  try {
    values = parseArgs({ args, options: EXPORT_OPTIONS, strict: true }).values
  } catch (e) {
    usageError(e, 'config export', EXPORT_OPTIONS)
  }
  if (values.help) {
    out(configExportUsage())
    return EXIT_OK
  }
  if (values.out?.trim() === '')
    throw new UsageError('--out needs a file path; it was empty', 'config export')
  const format = formatFor(values.format, values.out)
  const dir = dataDir(values['data-dir'])
  const settings = exportedSettings(dir, values['data-dir'] !== undefined)
  if (settings === null) return EXIT_ERROR
  const text = formatConfig(configFromSettings(settings), format)
  if (values.out === undefined) {
    // The exact bytes: the canonical text is what makes a round trip stable.
    process.stdout.write(text)
    return EXIT_OK
  }
  try {
    writeFileAtomicSync(values.out, text)
  } catch (e) {
    err(`error: the config could not be written to ${values.out}: ${describeFsError(e)}`)
    return EXIT_ERROR
  }
  err(`Wrote the settings of ${settingsFilePath(dir)} to ${values.out} (${format}).`)
  return EXIT_OK
}

async function runImport(args: string[], dataDir: DataDirCheck): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({ args, options: IMPORT_OPTIONS, strict: true, allowPositionals: true })
  } catch (e) {
    usageError(e, 'config import', IMPORT_OPTIONS)
  }
  const { values, positionals } = parsed
  if (values.help) {
    out(configImportUsage())
    return EXIT_OK
  }
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0
        ? 'config import needs the config file to read (config import FILE)'
        : `config import reads one file; got ${positionals.length}`,
      'config import',
    )
  const file = positionals[0] as string
  const dir = dataDir(values['data-dir'])
  const refuse = (problems: string[]): number => {
    err(`error: ${file} was not imported, and nothing was changed:`)
    for (const p of problems) err(`  ${p}`)
    return EXIT_ERROR
  }
  const dryRun = values['dry-run']
  const outcome = await importConfigFile(dir, file, {
    dryRun,
    onReport: (r) => err(`note: ${r}`),
    secrets: savedContactPointSecrets(),
  })
  if (!outcome.ok) return refuse(outcome.problems)
  const target = settingsFilePath(dir)
  out(
    dryRun
      ? `Dry run: nothing was changed. Importing ${file} into ${target} would make these changes:`
      : `Imported ${file} into ${target}:`,
  )
  // config-changes words "no change" for the preview ("would"); after the fact it is past tense.
  const nothing = !dryRun && outcome.summary === 'nothing changed'
  const changes = nothing
    ? ['Nothing changed: the settings already match this file.']
    : outcome.changes
  for (const line of changes) out(`  ${line}`)
  return EXIT_OK
}

/** `config …`; dataDir checks --data-dir as the other commands do. */
export function configCommand(args: string[], dataDir: DataDirCheck): number | Promise<number> {
  const [sub, ...rest] = args
  switch (sub) {
    case 'export':
      return runExport(rest, dataDir)
    case 'import':
      return runImport(rest, dataDir)
    case 'help':
    case '--help':
    case '-h':
      out(configUsage())
      return EXIT_OK
    case undefined:
      throw new UsageError(
        'config needs export or import (config export, config import FILE)',
        'config',
      )
    default:
      throw new UsageError(`unknown config command "${sub}"; it is export or import`, 'config')
  }
}
