// The daemon never serves the built-in demo data unasked: invented figures on /metrics would pass
// for real ones in Prometheus. It runs on them only with --demo, and then says so everywhere.
import { readFileSync } from 'node:fs'
import { settingsFilePath } from '../engine/settings/settings-store'

export const NO_SERVICE =
  'The daemon has no service address, so it would watch the built-in demo data: pass --base-url URL (or a --config file with polling.baseUrl), or --demo to run on demo data on purpose.'

/** Whether the daemon has a service address: --base-url, --demo (on purpose), or the saved settings. */
function hasService(dataDir: string, o: { baseUrl?: string; demo?: boolean }): boolean {
  if (o.baseUrl !== undefined || o.demo === true) return true
  try {
    const saved = (
      JSON.parse(readFileSync(settingsFilePath(dataDir), 'utf8')) as { baseUrl?: unknown }
    ).baseUrl
    return typeof saved === 'string' && saved !== ''
  } catch {
    // No readable settings: no saved address either.
    return false
  }
}

/**
 * At start, before the core is opened (which would make its caches, history and outbox in the data
 * dir): NO_SERVICE when the daemon would watch demo data unasked, or null. With --config, call it
 * after the file is imported: the address may come from there.
 */
export function startDemoProblem(
  dataDir: string,
  o: { baseUrl?: string; demo?: boolean },
): string | null {
  return hasService(dataDir, o) ? null : NO_SERVICE
}

/**
 * On SIGHUP: why the new settings may not be loaded because they leave no service address (the
 * daemon would fall back to demo data), or null. The running core keeps its service.
 */
export function reloadDemoProblem(
  dataDir: string,
  o: { baseUrl?: string; demo?: boolean },
): string | null {
  return hasService(dataDir, o)
    ? null
    : 'they have no service address (pass --base-url, or set polling.baseUrl in the config file)'
}
