// SQLite failures (node:sqlite's ERR_SQLITE_ERROR with its result code) in plain words, and which
// of them mean the file itself is unusable (set it aside and start a new one).
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

/** The file cannot be used as a database (damaged, not one, cannot be opened as one). */
export function isUnusableFile(e: unknown): boolean {
  const code = resultCode(e)
  return code === 11 || code === 26 || code === 14
}
