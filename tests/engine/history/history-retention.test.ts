// Retention on a real file: every poll for 7 days, hourly to 90, daily after; at most once an hour.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HistoryStore, historyPath } from '../../../src/main/engine/history/history-store'
import { entry } from './history-fixtures'

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR
const START = Date.parse('2026-01-01T00:00:00Z')

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lw-history-ret-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

function count(where: string, ...args: number[]): number {
  const db = new DatabaseSync(historyPath(dir))
  const r = db.prepare(`SELECT COUNT(*) AS n FROM snapshot WHERE ${where}`).get(...args) as {
    n: number
  }
  db.close()
  return r.n
}

describe('history retention', () => {
  it('keeps every poll for 7 days, one per hour to 90 days, one per day after', () => {
    // 100 days of 30-minute polls for one symbol, written in one go beside the store (as an older
    // version without retention would have left them); then one poll runs the downsampling.
    const end = START + 100 * DAY
    const raw = new DatabaseSync(historyPath(dir))
    HistoryStore.open({ path: historyPath(dir), now: () => new Date(START) }).close()
    const add = raw.prepare(
      "INSERT INTO snapshot (source, symbol, at, tvl, volume, parts) VALUES ('demo', 'TSLA', ?, 1, 1, '[]')",
    )
    raw.exec('BEGIN')
    for (let t = START; t < end - 30 * MIN; t += 30 * MIN) add.run(t)
    raw.exec('COMMIT')
    raw.close()
    const h = HistoryStore.open({ path: historyPath(dir), now: () => new Date(START) })
    const last = end - 30 * MIN
    h.record('demo', last, [entry('TSLA')])
    h.close()
    const now = last
    // Every poll of the last 7 days (the run up to an hour ago may have left up to an hour more).
    expect(count('at > ?', now - 7 * DAY)).toBe(7 * 24 * 2)
    // Hourly between 7 and 90 days.
    const hourly = count('at <= ? AND at > ?', now - 7 * DAY - HOUR, now - 90 * DAY + HOUR)
    expect(hourly).toBeGreaterThanOrEqual(83 * 24 - 3)
    expect(hourly).toBeLessThanOrEqual(83 * 24 + 1)
    // Polls are kept in pairs (30 min) in the last week, one per hour from 7 to 90 days.
    const db2 = new DatabaseSync(historyPath(dir))
    const twice = db2
      .prepare(
        `SELECT COUNT(*) AS n FROM (SELECT at / ${HOUR} AS h FROM snapshot WHERE at < ? AND at > ? GROUP BY h HAVING COUNT(*) > 1)`,
      )
      .get(now - 7 * DAY - HOUR, now - 90 * DAY + HOUR) as { n: number }
    db2.close()
    expect(twice.n).toBe(0)
    // Daily before 90 days: at most one per UTC day.
    const db = new DatabaseSync(historyPath(dir))
    const perDay = db
      .prepare(
        `SELECT at / ${DAY} AS d, COUNT(*) AS n FROM snapshot WHERE at < ? GROUP BY d ORDER BY d`,
      )
      .all(now - 90 * DAY - DAY) as { d: number; n: number }[]
    db.close()
    expect(perDay.length).toBeGreaterThanOrEqual(8)
    expect(perDay.every((x) => x.n === 1)).toBe(true)
  })

  it('runs at most once an hour', () => {
    const h = HistoryStore.open({ path: historyPath(dir), now: () => new Date(START) })
    const old = START - 30 * DAY
    for (let i = 0; i < 10; i++) h.record('demo', old + i * MIN, [entry('TSLA')]) // one hour bucket
    // The first record at START runs it: the ten old ones become one.
    h.record('demo', START, [entry('TSLA')])
    expect(count('at < ?', START)).toBe(1)
    // Ten polls just under 7 days old at START, in one hour (written beside the store, as another
    // process would): kept every one, until they pass 7 days and the next run is due.
    const other = new DatabaseSync(historyPath(dir))
    const add = other.prepare(
      "INSERT INTO snapshot (source, symbol, at, tvl, volume, parts) VALUES ('demo', 'NVDA', ?, 1, 1, '[]')",
    )
    for (let i = 1; i <= 10; i++) add.run(START - 7 * DAY + i * MIN)
    other.close()
    const nvda = (): number => count("symbol = 'NVDA'")
    h.record('demo', START + 30 * MIN, [entry('TSLA')])
    expect(nvda()).toBe(10) // past 7 days now, but the last run was 30 minutes ago
    h.record('demo', START + HOUR, [entry('TSLA')])
    expect(nvda()).toBe(1)
    h.close()
  })
})
