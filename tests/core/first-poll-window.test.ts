// At start-up with a window loading, the first poll waits until the window has every row (or a
// bound): a cached watchlist is answered from memory while nothing else holds the engine, and the
// poll's own work (rows of every symbol, the status, the events) comes after.
import { afterEach, describe, expect, it } from 'vitest'
import { FIRST_POLL_WAIT_MS } from '../../src/main/core/poll-loop'
import { harness, row, until, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

const WATCH = ['TSLA', 'NVDA', 'AAPL', 'GOLD', 'MSFT']

/** A restarted app: one poll's data in the data dir's cache, then a new core on that dir. */
async function restarted(): Promise<Harness> {
  const first = await harness({ settings: { watchlist: WATCH } })
  await first.core.refreshNow()
  await first.core.stop()
  return harness({ dir: first.dir, clock: first.clock })
}

describe('the first poll with a window loading', () => {
  it('waits for the window to have every row, which the cache answers with figures', async () => {
    h = await restarted()
    const start = h.clock.now()
    h.core.start({ afterWindowRows: true })
    await h.clock.advance(0)
    const waiting = await h.core.getStatus()
    expect(waiting.refreshing, 'no poll before the window has its rows').toBe(false)
    expect(waiting.lastAttemptAt).toBeNull()
    expect(waiting.nextPollAt).toBe(new Date(start + FIRST_POLL_WAIT_MS).toISOString())

    // The screen's rows first: from the cache, with their figures, and still no poll.
    const page = await h.core.getWatchlistPage({ start: 0, count: 2 })
    expect(page.rows.map((r) => [r.symbol, r.totalTvl !== null])).toEqual([
      ['TSLA', true],
      ['NVDA', true],
    ])
    await h.clock.advance(0)
    expect((await h.core.getStatus()).lastAttemptAt).toBeNull()
    expect(h.core.lastCycle()).toBeNull()

    // The whole list: every row with its figures; then the poll runs at once, without the clock.
    const rows = await h.core.getWatchlist()
    expect(rows.map((r) => r.symbol)).toEqual(WATCH)
    for (const s of WATCH) expect(row(rows, s).totalTvl, s).not.toBeNull()
    await until(() => h!.core.lastCycle() !== null)
    expect(h.core.lastCycle()?.outcome).toBe('ok')
    expect(h.rowsEmitted.at(-1)?.map((r) => r.symbol)).toEqual(WATCH)
    expect(h.clock.now(), 'the poll did not wait for its bound').toBe(start)
  })

  it('a first page that holds the whole list is every row', async () => {
    h = await restarted()
    h.core.start({ afterWindowRows: true })
    await h.core.getWatchlistPage({ start: 0, count: 64 })
    await until(() => h!.core.lastCycle() !== null)
    expect(h.core.lastCycle()?.rows.map((r) => r.symbol)).toEqual(WATCH)
  })

  it('runs at its bound when no window asks, and once only', async () => {
    h = await restarted()
    h.core.start({ afterWindowRows: true })
    await h.clock.advance(FIRST_POLL_WAIT_MS - 1)
    expect(h.core.lastCycle()).toBeNull()
    await h.clock.advance(1)
    await until(() => h!.core.lastCycle() !== null)
    const first = h.core.lastCycle()
    // The window asking afterwards does not start a second poll.
    await h.core.getWatchlist()
    await new Promise((r) => setImmediate(r))
    await h.clock.advance(0)
    expect((await h.core.getStatus()).refreshing).toBe(false)
    expect(h.core.lastCycle()).toBe(first)
  })

  it('without a window (the CLI, tests), start() polls at once', async () => {
    h = await restarted()
    h.core.start()
    await h.clock.advance(0)
    expect((await h.core.getStatus()).lastAttemptAt).toBe(h.clock.date().toISOString())
    await until(() => h!.core.lastCycle() !== null)
  })
})
