// The history database on a real SQLite file in a temp dir: recording, the reader, corrupt and
// unusable files, a failed write (SQLite's own "disk full", at the open boundary).
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HistoryStore, historyPath } from '../../../src/main/engine/history/history-store'
import { entry } from './history-fixtures'

const T0 = Date.parse('2026-03-01T12:00:00Z')
const MIN = 60_000

let dir: string
let reports: string[]
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lw-history-'))
  reports = []
})
afterEach(() => rm(dir, { recursive: true, force: true }))

function open(extra: Partial<Parameters<typeof HistoryStore.open>[0]> = {}): HistoryStore {
  return HistoryStore.open({
    path: historyPath(dir),
    now: () => new Date(T0),
    onReport: (r) => reports.push(r),
    ...extra,
  })
}

describe('history store', () => {
  it('records a poll in WAL mode and reads it back by symbol over time', () => {
    const h = open()
    expect(h.record('demo', T0, [entry('TSLA', 1), entry('NVDA', 2)])).toBe(true)
    expect(h.record('demo', T0 + 5 * MIN, [entry('TSLA', 0.9, 90)])).toBe(true)
    h.close()

    const again = open()
    const r = again.reader('demo')
    expect(r.snapshotAtOrBefore('TSLA', T0 + 4 * MIN)).toMatchObject({
      at: T0,
      tvl: 3000,
      price: 100,
    })
    const latest = r.snapshotAtOrBefore('TSLA', T0 + 60 * MIN)!
    expect(latest).toMatchObject({ tvl: 2700, price: 90, seriesDate: '2026-03-01' })
    expect(latest.issuers.map((i) => [i.issuer, i.tvl])).toEqual([
      ['Ondo', 1800],
      ['Backed', 900],
    ])
    expect(latest.issuers[0]!.networks).toEqual([
      { network: 'Ethereum', tvl: 1350, pools: 3 },
      { network: 'Solana', tvl: 450, pools: 1 },
    ])
    expect(r.snapshotAtOrBefore('TSLA', T0 - 1)).toBeNull()
    expect(r.series('TSLA', T0, T0 + 5 * MIN).map((p) => p.tvl)).toEqual([3000, 2700])
    expect(r.networkShares('TSLA', T0, T0)[0]!.shares).toEqual([
      { name: 'Ethereum', tvl: 2500, share: 2500 / 3000 },
      { name: 'Solana', tvl: 500, share: 500 / 3000 },
    ])
    expect(r.issuerShares('NVDA', T0, T0)[0]!.shares.map((s) => s.share)).toEqual([2 / 3, 1 / 3])
    // Another data source's history is its own.
    expect(again.reader('https-live').snapshotAtOrBefore('TSLA', T0 + 60 * MIN)).toBeNull()
    const db = new DatabaseSync(historyPath(dir))
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' })
    db.close()
    expect(again.info()).toMatchObject({ snapshots: 3, from: new Date(T0).toISOString() })
    expect(again.info().bytes).toBeGreaterThan(0)
    again.close()
  })

  it('sets a file that is not a database aside, starts a new one and says so', async () => {
    await writeFile(historyPath(dir), 'not a database at all '.repeat(100))
    const h = open()
    expect(reports).toHaveLength(1)
    expect(reports[0]).toMatch(
      /could not be read \(it is not a database file\), so history starts anew/,
    )
    expect(reports[0]).toContain(`${historyPath(dir)}.corrupt-`)
    expect(h.record('demo', T0, [entry('TSLA')])).toBe(true)
    expect(h.notice()).toBeNull()
    const names = await readdir(dir)
    expect(names.some((n) => n.startsWith('history.sqlite.corrupt-'))).toBe(true)
    h.close()
  })

  it('sets a folder in the file’s place aside too', async () => {
    await mkdir(historyPath(dir))
    const h = open()
    expect(reports[0]).toMatch(/could not be read/)
    expect(h.record('demo', T0, [entry('TSLA')])).toBe(true)
    h.close()
  })

  it('a passing "cannot open" (too many open files) keeps the file: retried, never set aside', async () => {
    const first = open()
    expect(first.record('demo', T0, [entry('TSLA')])).toBe(true)
    first.close()
    // SQLite's own SQLITE_CANTOPEN (14) for a regular file, as when the process is out of handles.
    let busy = true
    const h = open({
      openDb: (path) => {
        if (!busy) return new DatabaseSync(path)
        busy = false
        return new DatabaseSync(join(dir, 'no-such-folder', 'x.sqlite'))
      },
    })
    expect(h.record('demo', T0 + MIN, [entry('TSLA', 0.9)])).toBe(true)
    expect((await readdir(dir)).some((n) => n.includes('.corrupt-'))).toBe(false)
    expect(h.reader('demo').series('TSLA', 0, T0 + 2 * MIN)).toHaveLength(2)
    h.close()
  })

  it('a failed write loses that poll only, says why, and the next poll writes again', () => {
    // SQLite's own "database or disk is full" while `full`: no page may be added to the file.
    let full = false
    const h = open({
      openDb: (path) => {
        const db = new DatabaseSync(path)
        if (full) {
          const { page_count } = db.prepare('PRAGMA page_count').get() as { page_count: number }
          db.exec(`PRAGMA max_page_count = ${page_count}`)
        }
        return db
      },
    })
    expect(h.record('demo', T0, [entry('TSLA')])).toBe(true)
    full = true
    const many = Array.from({ length: 200 }, (_, i) => entry(`S${i}`))
    expect(h.record('demo', T0 + 5 * MIN, many)).toBe(false)
    expect(h.notice()).toMatch(
      /history of figures .*history\.sqlite could not be written: the disk is full\. This poll's figures are missing from it; alerts are not affected, and the next poll tries again/,
    )
    const r = h.reader('demo')
    expect(r.series('TSLA', 0, T0 * 2)).toHaveLength(1)
    expect(r.snapshotAtOrBefore('S0', T0 * 2)).toBeNull()

    full = false
    h.release()
    expect(h.record('demo', T0 + 10 * MIN, [entry('TSLA', 2)])).toBe(true)
    expect(h.notice()).toBeNull()
    expect(r.series('TSLA', 0, T0 * 2).map((p) => p.tvl)).toEqual([3000, 6000])
    h.close()
  })

  it('holds the file open only while in use', () => {
    let opened = 0
    let closed = 0
    const h = open({
      openDb: (path) => {
        opened++
        const db = new DatabaseSync(path)
        const close = db.close.bind(db)
        db.close = () => {
          closed++
          close()
        }
        return db
      },
    })
    h.record('demo', T0, [entry('TSLA')])
    h.reader('demo').snapshotAtOrBefore('TSLA', T0)
    h.record('demo', T0 + MIN, [entry('TSLA')])
    h.info()
    expect(opened).toBeGreaterThanOrEqual(3)
    expect(closed).toBe(opened)
  })

  it('clear removes every snapshot and shrinks the file', () => {
    const h = open()
    for (let i = 0; i < 50; i++)
      h.record(
        'demo',
        T0 + i * MIN,
        Array.from({ length: 20 }, (_, j) => entry(`S${j}`)),
      )
    const before = h.info()
    h.clear()
    const after = h.info()
    expect(after).toMatchObject({ snapshots: 0, from: null, to: null })
    expect(after.bytes).toBeLessThan(before.bytes)
    h.close()
  })
})
