// Shared set-up for the settings-store tests: a fresh temp dir per test, the store opened on it
// at a fixed time, and readers for the files it writes.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Conf from 'conf'
import { afterEach, beforeEach } from 'vitest'
import { LAST_GOOD_FILE_NAME, openSettings } from '../../../src/main/engine/settings/settings-store'
import type { KeyValueStoreFactory } from '../../../src/main/engine/storage/key-value-store'
import type { Settings } from '../../../src/shared/settings-schema'

/** This test's settings folder (a live binding: set afresh before each test). */
export let dir: string
export const main = (): string => join(dir, 'settings.json')
export const lastGood = (): string => join(dir, LAST_GOOD_FILE_NAME)
export const create: KeyValueStoreFactory = ({ cwd, configName }) =>
  new Conf({ cwd, configName, projectName: 'lw-test' })
export const open = () => openSettings({ dir, create, now: () => new Date('2025-07-01T08:00:00Z') })
export const readJson = (p: string): unknown => JSON.parse(readFileSync(p, 'utf8'))
export const aside = (): string[] => readdirSync(dir).filter((n) => n.includes('.corrupt-'))

/** Call at the top of a test file: a fresh temp dir before each test, removed after it. */
export function useSettingsDir(): void {
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lw-settings-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))
}

/** Opens once and saves a recognisable change, so a last good copy exists. */
export function withLastGood(): Settings {
  return open().update((s) => ({ ...s, watchlist: ['GOOD'], intervalMinutes: 17 }))
}
