// User settings: typed, validated, migrated, and repaired on start-up instead of failing it.
import { mkdirSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { LiquidityError } from '../../shared/errors'
import { defaultSettings, settingsSchema, type Settings } from '../../shared/settings-schema'
import type { KeyValueStore, KeyValueStoreFactory } from './key-value-store'
import { checkSettingsText, describeIssues } from './settings-check'
import { quarantineSync, readTextIfExistsSync, writeFileAtomicSync } from './settings-files'

export const SETTINGS_CONFIG_NAME = 'settings'
export const LAST_GOOD_FILE_NAME = 'settings.last-good.json'

export interface SettingsStore {
  /** A copy: changing it changes nothing stored. */
  get(): Settings
  /** fn gets a copy; its result is validated before anything is written. */
  update(fn: (s: Settings) => Settings): Settings
  /** A plain sentence when start-up had to repair the settings, else null. */
  readonly report: string | null
}

export interface OpenSettingsOptions {
  dir: string
  create: KeyValueStoreFactory
  /** Clock for quarantine names (tests). */
  now?: () => Date
  onReport?: (report: string) => void
}

/** Why the main file is unusable (completes "Your settings file …"), or the settings it holds. */
function inspect(path: string): { settings: Settings | null; reason: string | null } {
  let text: string | null
  try {
    text = readTextIfExistsSync(path)
  } catch (e) {
    return {
      settings: null,
      reason: `could not be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    }
  }
  if (text === null) return { settings: null, reason: null }
  const check = checkSettingsText(text)
  return check.ok
    ? { settings: check.settings, reason: null }
    : { settings: null, reason: check.reason }
}

function readLastGood(path: string): Settings | null {
  try {
    const text = readTextIfExistsSync(path)
    if (text === null) return null
    const check = checkSettingsText(text)
    return check.ok ? check.settings : null
  } catch {
    return null
  }
}

export function openSettings(options: OpenSettingsOptions): SettingsStore {
  const now = options.now ?? (() => new Date())
  mkdirSync(options.dir, { recursive: true })
  const mainPath = join(options.dir, `${SETTINGS_CONFIG_NAME}.json`)
  const lastGoodPath = join(options.dir, LAST_GOOD_FILE_NAME)

  // Checked on the raw file before the store exists: conf throws on a file it cannot parse.
  const found = inspect(mainPath)
  let settings = found.settings
  let report: string | null = null
  if (found.reason !== null) {
    let kept: string
    try {
      kept = `The damaged file was kept as ${basename(quarantineSync(mainPath, now()))}.`
    } catch (e) {
      kept = `The damaged file could not be moved aside (${(e as Error).message}).`
    }
    settings = readLastGood(lastGoodPath)
    const restored =
      settings !== null ? 'restored your last good settings' : 'went back to the default settings'
    report = `Your settings file ${found.reason}, so Liquidity Watch ${restored}. ${kept}`
  }
  settings ??= defaultSettings()

  let store: KeyValueStore
  try {
    store = options.create({ cwd: options.dir, configName: SETTINGS_CONFIG_NAME })
  } catch (e) {
    throw new LiquidityError(
      'storage',
      `Could not open the settings file ${mainPath}: ${(e as Error).message}`,
      {
        cause: e,
      },
    )
  }
  if (resolve(store.path) !== resolve(mainPath)) {
    throw new LiquidityError(
      'internal',
      `The settings store opened ${store.path}, expected ${mainPath}.`,
    )
  }
  // Rewrite only when the file differs (fresh, migrated, repaired, or carrying stripped fields).
  if (JSON.stringify(store.store) !== JSON.stringify(settings)) save(store, settings)
  writeLastGood(lastGoodPath, settings)
  if (report !== null) options.onReport?.(report)

  let current: Settings = settings
  return {
    report,
    get: () => structuredClone(current),
    update(fn) {
      const r = settingsSchema.safeParse(fn(structuredClone(current)))
      if (!r.success) {
        throw new LiquidityError(
          'invalid-argument',
          `Settings not saved: ${describeIssues(r.error.issues)}`,
        )
      }
      save(store, r.data)
      current = r.data
      writeLastGood(lastGoodPath, current)
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
      `Could not save settings to ${store.path}: ${(e as Error).message}`,
      {
        cause: e,
      },
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
