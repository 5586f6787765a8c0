// The app's own history: `history.sqlite` in the data directory (node:sqlite, WAL). It records
// each successful poll's validated details in one transaction and downsamples old ones. It never
// throws into a poll: a damaged file is set aside and a new one started (one from a newer version
// is left as it is, and nothing recorded), a failed write loses that poll's rows only (the next
// poll tries again), and each is said in plain words.
// The file is open only while used (a poll's reads and write, a Settings query), never between
// polls: a disk that is ejected or turns read-only is not held by it.
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { LiquidityError } from '../../../shared/errors'
import { asidePath } from '../storage/atomic-file'
import { encodeParts, type HistoryEntry } from './history-entry'
import { HistoryReader } from './history-reader'
import { DEFAULT_RETENTION, retainIfDue, type RetentionPolicy } from './history-retention'
import { migrate, NewerHistorySchema } from './history-schema'
import { describeSqliteError, isUnusableFile } from './sqlite-error'

export const HISTORY_FILE = 'history.sqlite'

export function historyPath(dataDir: string): string {
  return join(dataDir, HISTORY_FILE)
}

export interface HistoryStoreOptions {
  path: string
  now: () => Date
  /** Opens the database file; tests wrap the real one to inject a fault at this boundary. */
  openDb?: (path: string) => DatabaseSync
  /** A file set aside (at start or later): a notice for the session. */
  onReport?: (text: string) => void
  retention?: RetentionPolicy
}

/** What Settings shows: where, how big, and what span it holds. */
export interface HistoryInfo {
  path: string
  /** The database and its write-ahead log together. */
  bytes: number
  /** Oldest and newest snapshot (ISO); null when empty. */
  from: string | null
  to: string | null
  snapshots: number
}

// Another process (the CLI beside the app) may be writing: wait a little for it, not for ever.
const defaultOpen = (path: string): DatabaseSync => new DatabaseSync(path, { timeout: 1000 })

const INSERT = `INSERT INTO snapshot
  (source, symbol, at, tvl, volume, price, market_cap, series_date, parts)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`

export class HistoryStore {
  /** Open while in use; closed at the end of each write and each Settings query. */
  #db: DatabaseSync | null = null
  /** While the database cannot be opened or written: why, in plain words. */
  #failure: string | null = null

  private constructor(private readonly o: HistoryStoreOptions) {}

  /** Opens (or starts) the file; never throws. */
  static open(o: HistoryStoreOptions): HistoryStore {
    const store = new HistoryStore(o)
    store.#tryOpen()
    store.release()
    return store
  }

  get path(): string {
    return this.o.path
  }

  #open(): DatabaseSync {
    mkdirSync(dirname(this.o.path), { recursive: true })
    const db = (this.o.openDb ?? defaultOpen)(this.o.path)
    try {
      db.exec('PRAGMA journal_mode = WAL')
      db.exec('PRAGMA synchronous = NORMAL')
      migrate(db)
      return db
    } catch (e) {
      db.close()
      throw e
    }
  }

  /** Opens the file; one it cannot use is set aside and a new one started. */
  #tryOpen(): DatabaseSync | null {
    try {
      this.#db = this.#open()
    } catch (e) {
      if (e instanceof NewerHistorySchema) {
        // Not ours to replace: the newer version needs it as it is when it runs again.
        this.#failure =
          `The history of figures ${this.o.path} ${e.message.replace(/^it /, '')}, so this ` +
          'version left it as it is and records no figures; polls and alerts go on. To keep ' +
          'recording, run the newer version again, or move the file away to start a new history.'
        return null
      }
      if (!isUnusableFile(e, this.o.path) || !this.#setAside(e)) {
        this.#fail(e, 'could not be opened')
        return null
      }
      try {
        this.#db = this.#open()
      } catch (again) {
        this.#fail(again, 'could not be opened')
        return null
      }
    }
    return this.#db
  }

  /** Moves the file (and its log) aside; false when there is nothing to move or it cannot be. */
  #setAside(why: unknown): boolean {
    const { path } = this.o
    if (!existsSync(path)) return false
    const aside = asidePath(path, 'corrupt', this.o.now())
    try {
      renameSync(path, aside)
    } catch (e) {
      this.#fail(e, 'could not be moved aside')
      return false
    }
    // The log and index of the old file belong with it, not with the new one.
    for (const ext of ['-wal', '-shm'])
      if (existsSync(path + ext)) {
        try {
          renameSync(path + ext, aside + ext)
        } catch {
          // Unmatched, SQLite ignores them for the new file.
        }
      }
    const reason = describeSqliteError(why, path)
    this.o.onReport?.(
      `The history of figures ${path} could not be read (${reason}), so history starts anew ` +
        `from now: comparisons with earlier figures (flow vs price) wait until it has grown again; ` +
        `the old file was kept as ${aside}.`,
    )
    return true
  }

  #fail(e: unknown, what: string): void {
    this.#db = null
    this.#failure =
      `The history of figures ${this.o.path} ${what}: ${describeSqliteError(e, this.o.path)}. Polls go on and ` +
      'alerts are not affected, but figures are not recorded until it works again (tried at each ' +
      'poll). Check that the disk has free space and that the folder can be written.'
  }

  /** While history cannot be written: one status line; null when the last write landed. */
  notice(): string | null {
    return this.#failure
  }

  /**
   * Records one poll's snapshots in one transaction, then downsamples when due. Never throws: on
   * failure the poll's rows are lost, the notice says why, and the next poll tries again.
   */
  record(source: string, atMs: number, entries: readonly HistoryEntry[]): boolean {
    if (entries.length === 0) return true
    try {
      return this.#write(source, atMs, entries)
    } finally {
      this.release()
    }
  }

  #write(source: string, atMs: number, entries: readonly HistoryEntry[]): boolean {
    const db = this.#db ?? this.#tryOpen()
    if (db === null) return false
    try {
      db.exec('BEGIN IMMEDIATE')
      try {
        const insert = db.prepare(INSERT)
        for (const e of entries)
          insert.run(
            source,
            e.symbol,
            atMs,
            e.tvl,
            e.volume,
            e.price,
            e.onChainMarketCap,
            e.seriesDate,
            encodeParts(e.issuers),
          )
        db.exec('COMMIT')
      } catch (e) {
        if (db.isTransaction) db.exec('ROLLBACK')
        throw e
      }
      retainIfDue(db, atMs, this.o.retention ?? DEFAULT_RETENTION)
      this.#failure = null
      return true
    } catch (e) {
      if (isUnusableFile(e, this.o.path)) {
        db.close()
        this.#db = null
        if (this.#setAside(e)) this.#tryOpen()
        else this.#fail(e, 'could not be written')
      } else this.#failure = this.#writeFailure(e)
      return false
    }
  }

  #writeFailure(e: unknown): string {
    return (
      `The history of figures ${this.o.path} could not be written: ${describeSqliteError(e, this.o.path)}. ` +
      "This poll's figures are missing from it; alerts are not affected, and the next poll tries " +
      'again. Check that the disk has free space and that the folder can be written.'
    )
  }

  /** The read side for one data source (reads nothing while the file cannot be opened). */
  reader(source: string): HistoryReader {
    // Opened on first use; the poll's write (or release()) closes it.
    return new HistoryReader(() => this.#db ?? this.#tryOpen(), source)
  }

  info(): HistoryInfo {
    const { path } = this.o
    const size = (p: string): number => {
      try {
        return statSync(p).size
      } catch {
        return 0
      }
    }
    const r = (this.#db ?? this.#tryOpen())
      ?.prepare('SELECT MIN(at) AS first, MAX(at) AS last, COUNT(*) AS n FROM snapshot')
      .get() as { first: number | null; last: number | null; n: number } | undefined
    const iso = (ms: number | null | undefined): string | null =>
      ms == null ? null : new Date(ms).toISOString()
    this.release()
    return {
      path,
      bytes: size(path) + size(`${path}-wal`),
      from: iso(r?.first),
      to: iso(r?.last),
      snapshots: r?.n ?? 0,
    }
  }

  /** Deletes every snapshot and gives the space back to the disk. */
  clear(): void {
    try {
      this.#clear()
    } finally {
      this.release()
    }
  }

  #clear(): void {
    const db = this.#db ?? this.#tryOpen()
    if (db === null)
      throw new LiquidityError('storage', this.#failure ?? 'The history could not be opened.')
    try {
      db.exec('DELETE FROM snapshot')
    } catch (e) {
      throw new LiquidityError(
        'storage',
        `The history of figures ${this.o.path} could not be cleared: ${describeSqliteError(e, this.o.path)}. ` +
          'Nothing was removed; try again, or close other programs using the file.',
      )
    }
    try {
      db.exec('VACUUM')
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    } catch {
      // Cleared all the same; the file shrinks at a later clear (SQLite reuses the free pages).
    }
  }

  /** Closes the file until it is next used. */
  release(): void {
    this.close()
  }

  close(): void {
    const db = this.#db
    this.#db = null
    if (db?.isOpen) db.close()
  }
}
