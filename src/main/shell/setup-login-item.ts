// Start at login follows the setting: applied at start, and again whenever the setting changes.
import type { AppCore } from '../core/app-core'
import { applyLoginItem } from './login-item'

/** Returns what applies a new value (setupIpc calls it after the setting is saved). */
export async function setupLoginItem(
  core: Pick<AppCore, 'getSettings'>,
  log: (line: string) => void,
): Promise<(openAtLogin: boolean) => Promise<void>> {
  const { startAtLogin } = await core.getSettings()
  applyLoginItem(startAtLogin).catch((e: unknown) => log(`login item: ${String(e)}`))
  return applyLoginItem
}
