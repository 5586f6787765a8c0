// Opening a JSON state file that may be missing, unreadable or damaged. It never stops the app:
// a bad file is kept aside where possible, the caller starts fresh in memory, and a plain sentence
// says what happened, what it means and where the old file is.
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { z } from 'zod'
import { describeIssues, type PathName } from '../../../shared/schema-issues'
import { quarantine, readFileIfExists } from './atomic-file'
import { describeFsError } from './fs-error'

/** Moves a bad file aside and says where it went, or why it could not (then it gets replaced). */
export async function keepAside(path: string, now: Date): Promise<string> {
  try {
    return `the old file was kept as ${await quarantine(path, now)}`
  } catch (e) {
    return `the old file could not be moved aside (${describeFsError(e)}) and will be replaced at the next save`
  }
}

/** Where in a state file: "instances.0.state", or "the file" itself. */
const fileName: PathName = (path) => path.map(String).join('.') || 'the file'

export interface StateFileSpec<T> {
  path: string
  schema: z.ZodType<T>
  /** "The alert state file". */
  label: string
  /** What starting fresh means to the user: "alerts start fresh: …". */
  consequence: string
  now: Date
}

export type OpenedStateFile<T> = { value: T; report: null } | { value: null; report: string | null }

export async function openStateFile<T>(spec: StateFileSpec<T>): Promise<OpenedStateFile<T>> {
  // A folder that cannot be made shows up as a read or write error with its own reason.
  await mkdir(dirname(spec.path), { recursive: true }).catch(() => undefined)
  let reason: string
  try {
    const text = await readFileIfExists(spec.path)
    if (text === null) return { value: null, report: null }
    const raw: unknown = JSON.parse(text)
    const parsed = spec.schema.safeParse(raw)
    if (parsed.success) return { value: parsed.data, report: null }
    reason = describeIssues(parsed.error.issues, raw, fileName) || 'not in the expected shape'
  } catch (e) {
    reason = e instanceof SyntaxError ? 'not valid JSON' : describeFsError(e)
  }
  const where = await keepAside(spec.path, spec.now)
  return {
    value: null,
    report: `${spec.label} ${spec.path} could not be read (${reason}), so ${spec.consequence}; ${where}.`,
  }
}
