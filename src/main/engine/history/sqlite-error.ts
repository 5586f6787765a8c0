// SQLite failures (node:sqlite's ERR_SQLITE_ERROR with its result code) in plain words, and which
// of them mean the file itself is unusable (set it aside and start a new one).
import { statSync } from 'node:fs'
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
  14: 'it could not be opened',
  26: 'it is not a database file',
}

function resultCode(e: unknown): number | null {
  const err = e as SqliteError | null
  if (err?.code !== 'ERR_SQLITE_ERROR' || typeof err.errcode !== 'number') return null
  return err.errcode & 0xff
}

export function describeSqliteError(e: unknown): string {
  const code = resultCode(e)
  if (code === null) return describeFsError(e)
  return PLAIN[code] ?? (e as SqliteError).errstr ?? (e as Error).message
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
