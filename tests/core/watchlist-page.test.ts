// getWatchlistPage: the rows a screen shows, before the whole watchlist. A page is the same rows
// getWatchlist gives at those places (one row builder), with every watched symbol for the rest.
import { afterEach, describe, expect, it } from 'vitest'
import { createIpcHandlers } from '../../src/main/ipc/handlers'
import { DEFAULT_RULE_ID } from '../../src/shared/alert-rules'
import { harness, MIN, row, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

const WATCH = ['TSLA', 'NVDA', 'AAPL', 'GOLD', 'MSFT']

describe('AppCore.getWatchlistPage', () => {
  it('gives the rows of a range as getWatchlist has them, and every symbol in order', async () => {
    h = await harness({ settings: { watchlist: WATCH } })
    await h.core.refreshNow()
    const all = await h.core.getWatchlist()
    expect(all.filter((r) => r.totalTvl !== null).length, 'rows with figures').toBe(WATCH.length)

    const first = await h.core.getWatchlistPage({ start: 0, count: 2 })
    expect(first).toEqual({ symbols: WATCH, start: 0, rows: all.slice(0, 2) })
    const middle = await h.core.getWatchlistPage({ start: 2, count: 2 })
    expect(middle.rows).toEqual(all.slice(2, 4))
    // Past the end: what there is, then nothing.
    expect((await h.core.getWatchlistPage({ start: 3, count: 50 })).rows).toEqual(all.slice(3))
    expect(await h.core.getWatchlistPage({ start: 9, count: 5 })).toEqual({
      symbols: WATCH,
      start: 9,
      rows: [],
    })
  })

  it('through the handler table: a range the renderer cannot mean is refused in plain words', async () => {
    h = await harness({ settings: { watchlist: WATCH } })
    const table = createIpcHandlers(h.core)
    const ok = await table.getWatchlistPage([{ start: 0, count: 3 }])
    expect(ok).toMatchObject({ ok: true, value: { symbols: WATCH, start: 0 } })
    expect((ok as { value: { rows: unknown[] } }).value.rows).toHaveLength(3)
    for (const bad of [
      { start: -1, count: 3 },
      { start: 0, count: 0 },
      { start: 0.5, count: 3 },
    ]) {
      expect(await table.getWatchlistPage([bad])).toMatchObject({
        ok: false,
        error: { kind: 'invalid-argument', message: expect.stringMatching(/argument 1 \(range\)/) },
      })
    }
  })
})

// Rows are kept between calls (core/row-memo.ts): what changes without a poll must still show.
describe('rows between polls', () => {
  it('age into stale with time, take a snooze, and lose a removed symbol, in rows, pages and status', async () => {
    h = await harness({ settings: { watchlist: WATCH } })
    await h.core.refreshNow()
    expect((await h.core.getWatchlist()).map((r) => r.stale)).toEqual(WATCH.map(() => false))
    expect((await h.core.getStatus()).staleSince).toBeNull()

    // Two missed 5-minute polls and the grace: every row's data is old now.
    h.clock.jump(13 * MIN)
    expect((await h.core.getWatchlist()).map((r) => r.stale)).toEqual(WATCH.map(() => true))
    expect((await h.core.getWatchlistPage({ start: 1, count: 1 })).rows[0]?.stale).toBe(true)
    expect((await h.core.getStatus()).staleSince).not.toBeNull()

    await h.core.snooze({ ruleId: DEFAULT_RULE_ID, symbol: 'NVDA', minutes: 60 })
    expect(row(await h.core.getWatchlist(), 'NVDA').snoozed).toBe(true)
    expect(row(await h.core.getWatchlist(), 'TSLA').snoozed).toBe(false)

    await h.core.removeSymbol('AAPL')
    expect((await h.core.getWatchlist()).map((r) => r.symbol)).toEqual(
      WATCH.filter((s) => s !== 'AAPL'),
    )
  })
})
