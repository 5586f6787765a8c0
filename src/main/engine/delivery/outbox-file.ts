// Opens outbox.sqlite (node:sqlite, WAL) and runs its migrations. A file it cannot use is kept
// aside under a new name, never deleted, and said in plain words: one damaged, or one a newer
// version wrote (its schema is not ours to change). When no file can be used at all (a read-only
// or full disk), messages are kept in memory for the session, and that is said too.
import { existsSync, mkdirSync, renameSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { migrate, NewerHistorySchema } from '../history/history-schema'
import { describeSqliteError, isUnusableFile } from '../history/sqlite-error'
import { asidePath } from '../storage/atomic-file'
import { OUTBOX_MIGRATIONS } from './outbox-schema'

export const OUTBOX_FILE = 'outbox.sqlite'

export function outboxPath(dataDir: string): string {
  return join(dataDir, OUTBOX_FILE)
}

function openAt(path: string): DatabaseSync {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  // The CLI may run beside the app on one data dir: wait a little for the other, not for ever.
  const db = new DatabaseSync(path, { timeout: 2000 })
  try {
    db.exec('PRAGMA journal_mode = WAL')
    // FULL: a message marked sent (or queued) stays so after a power cut, not only a crash.
    db.exec('PRAGMA synchronous = FULL')
    migrate(db, OUTBOX_MIGRATIONS)
    return db
  } catch (e) {
    db.close()
    throw e
  }
}

function setAside(path: string, tag: 'corrupt' | 'rejected', now: Date): string | null {
  if (!existsSync(path)) return null
  const aside = asidePath(path, tag, now)
  try {
    renameSync(path, aside)
  } catch {
    return null
  }
  for (const ext of ['-wal', '-shm'])
    if (existsSync(path + ext)) {
      try {
        renameSync(path + ext, aside + ext)
      } catch {
        // Unmatched, SQLite ignores them for the new file.
      }
    }
  return aside
}

/** The open database and, when the file could not be used as it was, what was done in plain words. */
export function openOutboxDb(path: string, now: Date): { db: DatabaseSync; report: string | null } {
  try {
    return { db: openAt(path), report: null }
  } catch (first) {
    let e = first
    const newer = e instanceof NewerHistorySchema ? e : null
    if (newer !== null || isUnusableFile(e, path)) {
      const aside = setAside(path, newer !== null ? 'rejected' : 'corrupt', now)
      if (aside !== null) {
        const why = newer
          ? `was written by a newer version of Liquidity Watch (schema ${newer.version})`
          : `could not be read (${describeSqliteError(e, path)})`
        try {
          return {
            db: openAt(path),
            report:
              `The delivery outbox ${path} ${why}, so a new one was started; the old file was ` +
              `kept as ${aside} (messages queued in it are not sent by this version).`,
          }
        } catch (again) {
          e = again
        }
      }
    }
    return {
      db: openAt(':memory:'),
      report:
        `The delivery outbox ${path} could not be opened (${describeSqliteError(e, path)}), so ` +
        'messages to contact points are kept in memory for this session only: what is not sent ' +
        'before the app or check ends is lost. Check that the disk has free space and that the ' +
        'folder can be written.',
    }
  }
}
