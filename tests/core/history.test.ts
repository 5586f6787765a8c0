// The core records every successful poll in history.sqlite (real local service over HTTP, a real
// SQLite file): only fresh, validated details; a history that cannot be written or read never
// stops a poll or its alerts, and the user is told.
import { writeFile } from 'node:fs/promises'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, it } from 'vitest'
import { HistoryStore, historyPath } from '../../src/main/engine/history/history-store'
import { cycleThenWait, harness, row, tempDir, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

function readBack(dir: string): HistoryStore {
  return HistoryStore.open({ path: historyPath(dir), now: () => new Date() })
}

describe('history of polls', () => {
  it('each successful poll records every symbol’s fresh detail with its split and price', async () => {
    const { dir, cleanup } = await tempDir()
    h = await harness({ dir, settings: { watchlist: ['TSLA', 'NVDA'] } })
    await cycleThenWait(h)
    // The detail of NVDA fails this poll: the cached one stands in, and is not recorded again.
    h.service.faults.inject({ kind: 'status', status: 500, match: 'asset', symbols: ['NVDA'] })
    await cycleThenWait(h)
    const tsla = row(await h.core.getWatchlist(), 'TSLA')
    await h.close()
    h = null

    const store = readBack(dir)
    const r = store.reader('demo')
    const all = r.series('TSLA', 0, Date.now() * 2)
    expect(all).toHaveLength(2)
    expect(r.series('NVDA', 0, Date.now() * 2)).toHaveLength(1)
    const last = r.snapshotAtOrBefore('TSLA', Date.now() * 2)!
    expect(last.tvl).toBe(tsla.totalTvl)
    expect(last.volume).toBe(tsla.totalVolume)
    expect(last.price).toBeGreaterThan(0)
    expect(last.onChainMarketCap).toBeGreaterThan(0)
    expect(last.seriesDate).toBe(tsla.dataDate)
    expect(last.issuers).toHaveLength(tsla.issuerCount!)
    expect(last.issuers[0]!.networks.length).toBeGreaterThan(0)
    store.close()
    await cleanup()
  })

  it('a history write that fails loses that poll only: alerts go on, the user is told, the next poll records', async () => {
    // While `refuse`, SQLite refuses every write on the app's connection (as on a read-only disk).
    let refuse = false
    h = await harness({
      settings: { watchlist: ['TSLA'] },
      deps: {
        openHistoryDb: (path) => {
          const db = new DatabaseSync(path)
          if (refuse) db.exec('PRAGMA query_only = ON')
          return db
        },
      },
    })
    await cycleThenWait(h)
    refuse = true
    h.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 25, windowDays: 1 })
    await cycleThenWait(h)
    expect(row(await h.core.getWatchlist(), 'TSLA').alertState).toBe('pending')
    const notices = (await h.core.getStatus()).notices
    expect(notices.join('\n')).toMatch(
      /history of figures .* could not be written: it is read-only\. This poll's figures are missing/,
    )

    refuse = false
    await cycleThenWait(h)
    expect(row(await h.core.getWatchlist(), 'TSLA').alertState).toBe('firing')
    expect((await h.core.getStatus()).notices.join('\n')).not.toMatch(/history of figures/)
    const db = new DatabaseSync(historyPath(h.dir))
    const n = db.prepare("SELECT COUNT(*) AS n FROM snapshot WHERE symbol = 'TSLA'").get()
    db.close()
    expect(n).toEqual({ n: 2 })
  })

  it('a damaged history file at start is set aside, the user told, and polls record anew', async () => {
    const { dir, cleanup } = await tempDir()
    await writeFile(historyPath(dir), 'this is not a database '.repeat(64))
    h = await harness({ dir, settings: { watchlist: ['TSLA'] } })
    const notices = (await h.core.getStatus()).notices.join('\n')
    expect(notices).toContain(`The history of figures ${historyPath(dir)} could not be read`)
    expect(notices).toContain(`kept as ${historyPath(dir)}.corrupt-`)
    await cycleThenWait(h)
    expect(row(await h.core.getWatchlist(), 'TSLA').alertState).toBe('ok')
    await h.close()
    h = null
    const store = readBack(dir)
    expect(store.reader('demo').series('TSLA', 0, Date.now() * 2)).toHaveLength(1)
    store.close()
    await cleanup()
  })
})
