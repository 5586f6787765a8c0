// A Service URL the user saved that start-up repair cannot keep (unusable, and no last good copy
// with one): the demo data must not quietly take its place. The file is left as it is, so the URL
// stays there to be fixed, and the CLI refuses to run on demo data in its stead.
import { join } from 'node:path'
import type { Settings } from '../../../shared/settings-schema'
import { checkSettingsText } from './settings-check'
import { readTextIfExistsSync } from './settings-files'

export const LAST_GOOD_FILE_NAME = 'settings.last-good.json'

/** Only a copy valid as a whole (mended in place at most) counts: it exists to undo damage, not to add more. */
export function readLastGood(path: string, now: Date): Settings | null {
  try {
    const text = readTextIfExistsSync(path)
    if (text === null) return null
    const check = checkSettingsText(text, now)
    return check.kind === 'ok' || check.kind === 'mended' ? check.settings : null
  } catch {
    return null
  }
}

/** A Service URL field with a value, as text: what is left of a file cut short still shows it. */
const URL_FIELD = /"(?:baseUrl|apiUrl)"\s*:\s*(?:"\s*[^"\s]|[^\s"n,}\]])/

/**
 * Whether the settings text names a Service URL at all: any `baseUrl` that is not empty, of any
 * type, usable or not; in a file that is not JSON (cut short, damaged), a URL field with a value.
 */
export function namesServiceUrl(text: string): boolean {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return URL_FIELD.test(text)
  }
  if (typeof raw !== 'object' || raw === null) return false
  const r = raw as Record<string, unknown>
  return [r.baseUrl, r.apiUrl].some(
    (v) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === ''),
  )
}

/**
 * Why the Service URL saved in the settings file of `dir` cannot be used, when start-up would be
 * left with none (the demo data) in its place; null when it is usable, restored, or never set.
 */
export function lostServiceUrl(dir: string, file: string, now: Date = new Date()): string | null {
  let text: string | null
  try {
    text = readTextIfExistsSync(file)
  } catch {
    return null // Unreadable: the settings notice says so.
  }
  if (text === null || !namesServiceUrl(text)) return null
  const check = checkSettingsText(text, now)
  if (check.kind === 'ok' || check.kind === 'mended') return null
  if (check.kind === 'fields') {
    if (check.valid.baseUrl !== undefined) return null
  }
  if (readLastGood(join(dir, LAST_GOOD_FILE_NAME), now)?.baseUrl) return null
  if (check.kind === 'fields')
    return check.problems.find((p) => p.key === 'baseUrl')?.reason ?? 'it cannot be used'
  return `the file ${check.reason}`
}
