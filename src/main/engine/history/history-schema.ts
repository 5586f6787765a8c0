// The history database's schema as numbered migrations (PRAGMA user_version = how many ran).
// A migration is appended, never edited: files written by every earlier version open by running
// the ones they lack, each in its own transaction with the version bump.
import type { DatabaseSync } from 'node:sqlite'

/**
 * v1: one row per symbol per recorded poll. The issuer and network split is one compact JSON
 * column (`parts`, see history-entry.ts): one insert per symbol keeps a 200-symbol poll to a few
 * milliseconds, and a year at the default retention small (bench/history-write.ts).
 */
const V1 = `
CREATE TABLE snapshot (
  id INTEGER PRIMARY KEY,
  source TEXT NOT NULL,
  symbol TEXT NOT NULL,
  at INTEGER NOT NULL,
  tvl REAL NOT NULL,
  volume REAL NOT NULL,
  price REAL,
  market_cap REAL,
  series_date TEXT,
  parts TEXT NOT NULL
) STRICT;
CREATE INDEX snapshot_symbol_time ON snapshot (source, symbol, at);
CREATE INDEX snapshot_time ON snapshot (at);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT, WITHOUT ROWID;
`

export const HISTORY_MIGRATIONS: readonly string[] = [V1]

/** The file was written by a newer Liquidity Watch: its schema is not ours to change. */
export class NewerHistorySchema extends Error {
  constructor(readonly version: number) {
    super(`it was written by a newer version of Liquidity Watch (schema ${version})`)
  }
}

export function schemaVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number }
  return row.user_version
}

/** Runs the migrations the file lacks, each with its version bump in one transaction. */
export function migrate(
  db: DatabaseSync,
  migrations: readonly string[] = HISTORY_MIGRATIONS,
): void {
  const from = schemaVersion(db)
  if (from > migrations.length) throw new NewerHistorySchema(from)
  for (let v = from; v < migrations.length; v++) {
    db.exec('BEGIN IMMEDIATE')
    try {
      db.exec(migrations[v]!)
      db.exec(`PRAGMA user_version = ${v + 1}`)
      db.exec('COMMIT')
    } catch (e) {
      db.exec('ROLLBACK')
      throw e
    }
  }
}
