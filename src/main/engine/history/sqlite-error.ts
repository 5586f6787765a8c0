// SQLite failures (node:sqlite's ERR_SQLITE_ERROR with its result code) in plain words, and which
// of them mean the file itself is unusable (set it aside and start a new one).
import { accessSync, constants, statfsSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { describeFsError } from '../storage/fs-error'

interface SqliteError extends Error {
  code?: string
  errcode?: number
  errstr?: string
}

/** Primary result codes (the low byte of an extended code). */
const PLAIN: Readonly<Record<number, string>> = {
  5: 'another program is using it',
  6: 'another program is using it',
  8: 'it is read-only',
  10: 'the disk reported an error',
  11: 'the file is damaged',
  13: 'the disk is full',
  14: 'SQLite could not open the file',
  26: 'it is not a database file',
}

function resultCode(e: unknown): number | null {
  const err = e as SqliteError | null
  if (err?.code !== 'ERR_SQLITE_ERROR' || typeof err.errcode !== 'number') return null
  return err.errcode & 0xff
}

/** Codes SQLite gives for what is often the disk itself (read-only, I/O error, full, cannot open). */
const DISK_CODES = new Set([8, 10, 13, 14])

/**
 * SQLite does not pass on the system's error code, so a disk fault is asked of the disk: no space
 * left, or a folder that cannot be written (read-only disk). Same words as every other file's.
 */
function diskFault(path: string): string | null {
  const dir = dirname(path)
  try {
    if (statfsSync(dir).bavail === 0) return describeFsError(errno('ENOSPC'))
  } catch {
    // Cannot tell: the folder check below, or SQLite's own words.
  }
  for (const target of [dir, path]) {
    try {
      accessSync(target, constants.W_OK)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') return describeFsError(e)
    }
  }
  return null
}

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(code), { code })
}

/** `path`: the database file, so that a disk fault is named as for other files. */
export function describeSqliteError(e: unknown, path?: string): string {
  const code = resultCode(e)
  if (code === null) return describeFsError(e)
  const disk = path !== undefined && DISK_CODES.has(code) ? diskFault(path) : null
  return disk ?? PLAIN[code] ?? (e as SqliteError).errstr ?? (e as Error).message
}

/**
 * The file cannot be used as a database: damaged or not one (11, 26), or something other than a
 * file in its place (14 with a folder there). A plain "cannot open" (14: too many open files, a
 * folder briefly unavailable) is not the file's fault: it is retried, never set aside.
 */
export function isUnusableFile(e: unknown, path: string): boolean {
  const code = resultCode(e)
  if (code === 11 || code === 26) return true
  if (code !== 14) return false
  try {
    return !statSync(path).isFile()
  } catch {
    return false
  }
}
