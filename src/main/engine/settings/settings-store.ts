// User settings: typed, validated, migrated, and repaired on start-up instead of failing it.
// Start-up never throws: a file that cannot be used is repaired field by field (the bad file kept
// aside); a file that cannot be written at all leaves the app on settings held in memory, and says so.
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { LiquidityError } from '../../../shared/errors'
import { defaultSettings, settingsSchema, type Settings } from '../../../shared/settings-schema'
import { describeFsError } from '../storage/fs-error'
import type { KeyValueStore, KeyValueStoreFactory } from '../storage/key-value-store'
import { checkSettingsText, describeSettingsIssues, type SettingsCheck } from './settings-check'
import { quarantineSync, readTextIfExistsSync, writeFileAtomicSync } from './settings-files'
import { repairSettings } from './settings-repair'
import { LAST_GOOD_FILE_NAME, lostServiceUrl, readLastGood } from './lost-service-url'

export const SETTINGS_CONFIG_NAME = 'settings'
export { LAST_GOOD_FILE_NAME }

/** Where the settings of a data directory live (the CLI names it in its messages). */
export function settingsFilePath(dir: string): string {
  return join(dir, `${SETTINGS_CONFIG_NAME}.json`)
}

export interface SettingsStore {
  /** A copy: changing it changes nothing stored. */
  get(): Settings
  /**
   * fn gets a copy; its result is validated before anything is written. A change that cannot be
   * written is refused (LiquidityError 'storage') and nothing changes, in memory either — except in
   * memory-only mode (the settings file cannot be written), where the user was told at start that
   * changes are not kept.
   */
  update(fn: (s: Settings) => Settings): Settings
  /** A plain sentence when start-up had to repair the settings or cannot save them, else null. */
  readonly report: string | null
}

/** Where the user fixes settings: the app's Settings screen, or (the CLI) the file itself. */
export interface SettingsFileHelp {
  reviewSettings?: string
  afterStorageFix?: string
}

const APP_SETTINGS_HELP: Required<SettingsFileHelp> = {
  reviewSettings: 'You can check them in Settings.',
  afterStorageFix: 'then restart.',
}

export interface OpenSettingsOptions {
  dir: string
  help?: SettingsFileHelp
  create: KeyValueStoreFactory
  /** Clock for quarantine names (tests). */
  now?: () => Date
  onReport?: (report: string) => void
}

type Found = SettingsCheck | { kind: 'missing' } | { kind: 'unreadable'; error: unknown }

function inspect(path: string, now: Date): Found {
  let text: string | null
  try {
    text = readTextIfExistsSync(path)
  } catch (error) {
    return { kind: 'unreadable', error }
  }
  return text === null ? { kind: 'missing' } : checkSettingsText(text, now)
}

function memoryOnlyNotice(path: string, why: string, afterFix: string): string {
  return (
    `Liquidity Watch cannot save its settings to ${path} (${why}), so it is using settings held in ` +
    `memory: changes you make will not be kept after it closes. To fix this, make sure ${path} is ` +
    `a file (move away anything else in its place) in a folder that can be written, ${afterFix}`
  )
}

function newerNotice(path: string, reason: string, lastGood: boolean): string {
  const using = lastGood ? 'your last good settings' : 'the default settings'
  return (
    `Your settings file ${path} ${reason}, so this version left it as it is and uses ${using} ` +
    `in memory: changes you make will not be kept after it closes. To use those settings, run ` +
    `the newer version of Liquidity Watch again; to start this version with fresh settings, ` +
    `move ${path} away.`
  )
}

export function openSettings(options: OpenSettingsOptions): SettingsStore {
  const now = options.now ?? (() => new Date())
  const help = { ...APP_SETTINGS_HELP, ...options.help }
  const mainPath = settingsFilePath(options.dir)
  const lastGoodPath = join(options.dir, LAST_GOOD_FILE_NAME)
  const lines: string[] = []
  /** Why the file cannot back the settings; set → memory-only mode. */
  let cannotSave: string | null = null
  /** Left as it is until the user saves a change (it holds a URL to fix). */
  let keepFile = false

  try {
    mkdirSync(options.dir, { recursive: true })
  } catch (e) {
    cannotSave = `its folder cannot be created: ${describeFsError(e)}`
  }

  // Checked on the raw file before the store exists: conf throws on a file it cannot parse.
  const found = inspect(mainPath, now())
  let settings: Settings
  if (found.kind === 'ok') settings = found.settings
  else if (found.kind === 'missing') settings = defaultSettings()
  else if (found.kind === 'newer') {
    // Replacing it would lose the newer version's settings when it runs again: read-only here.
    const good = readLastGood(lastGoodPath, now())
    settings = good ?? defaultSettings()
    lines.push(newerNotice(mainPath, found.reason, good !== null))
    cannotSave = 'newer'
  } else {
    const check: Exclude<SettingsCheck, { kind: 'ok' } | { kind: 'newer' }> =
      found.kind === 'unreadable'
        ? { kind: 'unusable', reason: `could not be read: ${describeFsError(found.error)}` }
        : found
    const repair = repairSettings(mainPath, check, () => readLastGood(lastGoodPath, now()), help)
    settings = repair.settings
    lines.push(repair.story)
    const lostUrl = lostServiceUrl(options.dir, mainPath, now())
    if (lostUrl !== null) {
      // Rewriting it would drop the URL, and the next start would use the demo data unasked.
      keepFile = true
      lines.push(
        `Its Service URL cannot be used (${lostUrl.replace(/\.$/, '')}) and there is no earlier one to go back to, so the file was left as it is: enter your service's address to replace it.`,
      )
    } else
      try {
        lines.push(`The original file was kept as ${quarantineSync(mainPath, now())}.`)
      } catch (e) {
        // Writing over a file we could not keep aside would lose it: leave it exactly as it is.
        cannotSave ??= `the damaged file could not be moved aside: ${describeFsError(e)}`
        lines.push(`The original file was left as it is.`)
      }
  }

  let store: KeyValueStore | null = null
  if (cannotSave === null) {
    try {
      store = options.create({ cwd: options.dir, configName: SETTINGS_CONFIG_NAME })
      if (resolve(store.path) !== resolve(mainPath)) {
        throw new LiquidityError(
          'internal',
          `The settings store opened ${store.path}, expected ${mainPath}.`,
        )
      }
      // Rewrite only when the file differs (fresh, migrated, repaired, or carrying stripped fields).
      if (!keepFile && JSON.stringify(store.store) !== JSON.stringify(settings))
        store.store = settings
      writeLastGood(lastGoodPath, settings)
    } catch (e) {
      if (e instanceof LiquidityError && e.kind === 'internal') throw e
      store = null
      cannotSave = describeFsError(e)
    }
  }
  if (cannotSave !== null && cannotSave !== 'newer')
    lines.push(memoryOnlyNotice(mainPath, cannotSave, help.afterStorageFix))
  const report = lines.length > 0 ? lines.join(' ') : null
  if (report !== null) options.onReport?.(report)

  let keepUrl = keepFile ? savedUrlFields(mainPath) : null
  let current: Settings = settings
  return {
    report,
    get: () => structuredClone(current),
    update(fn) {
      const next = fn(structuredClone(current))
      const r = settingsSchema.safeParse(next)
      if (!r.success) {
        throw new LiquidityError(
          'invalid-argument',
          `Settings not saved. ${describeSettingsIssues(r.error.issues, next).replace(/\.?$/, '.')}`,
        )
      }
      if (store !== null) {
        // Until the user enters a Service URL, the unusable one stays in the file: saving another
        // change without it would make the next start (and the CLI) run on demo data unasked.
        if (keepUrl !== null && r.data.baseUrl) keepUrl = null
        save(store, keepUrl === null ? r.data : { ...r.data, ...keepUrl })
        writeLastGood(lastGoodPath, r.data)
      }
      current = r.data
      return structuredClone(current)
    },
  }
}

function save(store: KeyValueStore, settings: Settings): void {
  try {
    store.store = settings
  } catch (e) {
    throw new LiquidityError(
      'storage',
      `Your change was not made: the settings could not be saved to ${store.path} (${describeFsError(e)}). Check that the disk has free space and the folder can be written, then try again.`,
      { cause: e },
    )
  }
}

/** Best effort: the settings themselves are saved; a missing copy only weakens a later repair. */
function writeLastGood(path: string, settings: Settings): void {
  try {
    writeFileAtomicSync(path, JSON.stringify(settings, null, '\t'))
  } catch {
    // Nothing to tell the user now; start-up repair falls back to defaults without it.
  }
}

/** The Service URL fields as the file has them (unusable as they are, kept to be fixed). */
function savedUrlFields(path: string): Record<string, string> | null {
  try {
    const raw = JSON.parse(readTextIfExistsSync(path) ?? '{}') as Record<string, unknown>
    const out: Record<string, string> = {}
    for (const k of ['baseUrl', 'apiUrl'])
      if (typeof raw[k] === 'string' && raw[k] !== '') out[k] = raw[k]
    return Object.keys(out).length > 0 ? out : null
  } catch {
    return null
  }
}
