// Schema migrations by PRAGMA user_version, from v1 on: a v1 file written as v1 wrote it opens with
// its data; later migrations run in order on it; a file from a newer version is left as it is.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  HISTORY_MIGRATIONS,
  migrate,
  schemaVersion,
} from '../../../src/main/engine/history/history-schema'
import { HistoryStore, historyPath } from '../../../src/main/engine/history/history-store'
import { entry } from './history-fixtures'

const T0 = Date.parse('2026-03-01T12:00:00Z')

/** Schema v1 exactly as released (frozen here: a migration is appended, v1 never changes). */
const V1_AS_RELEASED = `
CREATE TABLE snapshot (id INTEGER PRIMARY KEY, source TEXT NOT NULL, symbol TEXT NOT NULL,
  at INTEGER NOT NULL, tvl REAL NOT NULL, volume REAL NOT NULL, price REAL, market_cap REAL,
  series_date TEXT, parts TEXT NOT NULL) STRICT;
CREATE INDEX snapshot_symbol_time ON snapshot (source, symbol, at);
CREATE INDEX snapshot_time ON snapshot (at);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT, WITHOUT ROWID;
PRAGMA user_version = 1;`

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lw-history-schema-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

function writeV1(path: string): void {
  const db = new DatabaseSync(path)
  db.exec(V1_AS_RELEASED)
  db.prepare(
    `INSERT INTO snapshot (source, symbol, at, tvl, volume, price, market_cap, series_date, parts)
     VALUES ('demo', 'TSLA', ?, 100, 1, 250, 400, '2026-03-01', '[["Ondo",100,1,[["Ethereum",100,2]]]]')`,
  ).run(T0)
  db.close()
}

describe('history schema', () => {
  it('a new file gets every migration and its version', () => {
    const h = HistoryStore.open({ path: historyPath(dir), now: () => new Date(T0) })
    h.close()
    const db = new DatabaseSync(historyPath(dir))
    expect(schemaVersion(db)).toBe(HISTORY_MIGRATIONS.length)
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index'").all()
    expect(tables.map((t) => t.name)).toContain('snapshot_symbol_time')
    db.close()
  })

  it('a v1 file opens with its data and reads as before', () => {
    writeV1(historyPath(dir))
    const reports: string[] = []
    const h = HistoryStore.open({
      path: historyPath(dir),
      now: () => new Date(T0),
      onReport: (r) => reports.push(r),
    })
    expect(reports).toEqual([])
    const s = h.reader('demo').snapshotAtOrBefore('TSLA', T0)!
    expect(s).toMatchObject({ tvl: 100, price: 250, onChainMarketCap: 400 })
    expect(s.issuers[0]!.networks).toEqual([{ network: 'Ethereum', tvl: 100, pools: 2 }])
    h.close()
  })

  it('later migrations run in order on a v1 file, each with its version, keeping its rows', () => {
    const path = historyPath(dir)
    writeV1(path)
    const db = new DatabaseSync(path)
    const v2 = 'ALTER TABLE snapshot ADD COLUMN note TEXT'
    const v3 = "UPDATE snapshot SET note = 'migrated'"
    migrate(db, [V1_AS_RELEASED, v2, v3])
    expect(schemaVersion(db)).toBe(3)
    expect(db.prepare('SELECT symbol, tvl, note FROM snapshot').all()).toEqual([
      { symbol: 'TSLA', tvl: 100, note: 'migrated' },
    ])
    // A failing migration leaves the file at the last version that landed.
    expect(() => migrate(db, [V1_AS_RELEASED, v2, v3, 'NOT SQL'])).toThrow()
    expect(schemaVersion(db)).toBe(3)
    db.close()
  })

  it('a file from a newer version is left as it is, not renamed or changed, and nothing is recorded', async () => {
    const path = historyPath(dir)
    const db = new DatabaseSync(path)
    db.exec(`${V1_AS_RELEASED} PRAGMA user_version = 99;`)
    db.close()
    const reports: string[] = []
    const h = HistoryStore.open({ path, now: () => new Date(T0), onReport: (r) => reports.push(r) })
    expect(h.notice()).toMatch(/written by a newer version of Liquidity Watch \(schema 99\)/)
    expect(h.notice()).toMatch(/left it as it is/)
    expect(h.record('demo', T0, [entry('TSLA')])).toBe(false)
    h.close()
    expect((await readdir(dir)).filter((n) => n.includes('.corrupt-'))).toEqual([])
    const same = new DatabaseSync(path)
    expect(schemaVersion(same)).toBe(99)
    expect(same.prepare('SELECT COUNT(*) AS n FROM snapshot').get()).toEqual({ n: 0 })
    same.close()
  })
})
