// Opening a JSON state file that may be missing, unreadable, damaged, or a newer version's. It
// never stops the app: a bad file is kept aside where possible, the caller starts fresh in memory,
// and a plain sentence says what happened, what it means and where the old file is. A newer
// version's file is not damaged, only not ours: it is left exactly as it is and never written.
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

/** What a state file on disk is to this version. */
export type ReadStateFile<T> =
  | { kind: 'missing' }
  | { kind: 'ok'; value: T }
  /** Written by a newer version (its `version` is above ours): not ours to read or replace. */
  | { kind: 'newer'; version: number }
  | { kind: 'bad'; reason: string }

/** The version a newer app wrote in the file, or null when the file is not a newer version's. */
function newerVersion(raw: unknown, ours: number): number | null {
  if (typeof raw !== 'object' || raw === null || !('version' in raw)) return null
  const v = raw.version
  return typeof v === 'number' && Number.isInteger(v) && v > ours ? v : null
}

/** Reads and checks a state file; changes nothing on disk. */
export async function readStateFile<T>(
  path: string,
  schema: z.ZodType<T>,
  version: number,
): Promise<ReadStateFile<T>> {
  try {
    const text = await readFileIfExists(path)
    if (text === null) return { kind: 'missing' }
    const raw: unknown = JSON.parse(text)
    const newer = newerVersion(raw, version)
    if (newer !== null) return { kind: 'newer', version: newer }
    const parsed = schema.safeParse(raw)
    if (parsed.success) return { kind: 'ok', value: parsed.data }
    return {
      kind: 'bad',
      reason: describeIssues(parsed.error.issues, raw, fileName) || 'not in the expected shape',
    }
  } catch (e) {
    return { kind: 'bad', reason: e instanceof SyntaxError ? 'not valid JSON' : describeFsError(e) }
  }
}

/** The plain sentence for a newer version's file: which version wrote it, what now, what to do. */
export function newerFileReport(
  o: { label: string; path: string; whileNewer: string; ours: number },
  version: number,
): string {
  return (
    `${o.label} ${o.path} was written by a newer version of Liquidity Watch (file version ` +
    `${version}; this version reads up to ${o.ours}), so this version left it as it is and saves ` +
    `nothing to it: ${o.whileNewer}. To use it, update Liquidity Watch; to start afresh with this ` +
    `version, move ${o.path} aside.`
  )
}

export interface StateFileSpec<T> {
  path: string
  schema: z.ZodType<T>
  /** The file's version this app writes; a file with a higher one is a newer app's. */
  version: number
  /** "The alert state file". */
  label: string
  /** What starting fresh means to the user: "alerts start fresh: …". */
  consequence: string
  /** What running without this file (read-only) means: "alerts start fresh in memory …". */
  whileNewer: string
  now: Date
}

/**
 * The file's value, or null (then `report` says why, null on a first run). `newer`: the version
 * that wrote the file when it is a newer app's; the caller must then never write it.
 */
export type OpenedStateFile<T> =
  | { value: T; report: null; newer: null }
  | { value: null; report: string | null; newer: number | null }

export async function openStateFile<T>(spec: StateFileSpec<T>): Promise<OpenedStateFile<T>> {
  // A folder that cannot be made shows up as a read or write error with its own reason.
  await mkdir(dirname(spec.path), { recursive: true }).catch(() => undefined)
  const read = await readStateFile(spec.path, spec.schema, spec.version)
  if (read.kind === 'missing') return { value: null, report: null, newer: null }
  if (read.kind === 'ok') return { value: read.value, report: null, newer: null }
  if (read.kind === 'newer') {
    const report = newerFileReport({ ...spec, ours: spec.version }, read.version)
    return { value: null, report, newer: read.version }
  }
  const where = await keepAside(spec.path, spec.now)
  return {
    value: null,
    report: `${spec.label} ${spec.path} could not be read (${read.reason}), so ${spec.consequence}; ${where}.`,
    newer: null,
  }
}
