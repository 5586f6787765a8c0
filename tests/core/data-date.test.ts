// "As of" is our fetch time; the service's own data has a date too. A row carries the newest date
// of the service's series for the symbol (dataDate) and whether that data stopped advancing
// (sourceStale), apart from `stale` (our copy is old). Frozen data from 3 days ago must not read
// as today's.
import { afterEach, describe, expect, it } from 'vitest'
import { cycleThenWait, harness, MIN, row, type Harness } from './helpers'

const DAY = 24 * 60 * MIN
let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

describe("the service's own data date per row", () => {
  it('frozen data shows its own date and is source-stale; fresh data shows today', async () => {
    h = await harness({ settings: { watchlist: ['TSLA', 'NVDA'] } })
    const asOf = h.clock.now() - 3 * DAY
    h.service.scenarios.add({ kind: 'frozen', symbol: 'TSLA', asOf })
    await cycleThenWait(h)
    const rows = h.core.lastCycle()!.rows
    const tsla = row(rows, 'TSLA')
    expect(tsla).toMatchObject({ dataDate: dayOf(asOf), sourceStale: true, stale: false })
    const nvda = row(rows, 'NVDA')
    expect(nvda.sourceStale).toBe(false)
    expect(nvda.dataDate! >= dayOf(h.clock.now() - DAY)).toBe(true)
    // Rows rebuilt from the cache between polls say the same.
    expect(row(await h.core.getWatchlist(), 'TSLA')).toMatchObject({
      dataDate: dayOf(asOf),
      sourceStale: true,
    })
  })

  it('analytics we could not refresh do not make the service look stale: only our copy is old', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    await cycleThenWait(h)
    // Three days on, the analytics requests fail; the asset detail is fresh.
    h.clock.jump(3 * DAY)
    h.service.faults.inject({ kind: 'status', status: 500, match: 'analytics' })
    await cycleThenWait(h)
    const tsla = row(h.core.lastCycle()!.rows, 'TSLA')
    expect(tsla.error).toBeNull()
    expect(tsla.sourceStale).toBe(false)
    expect(row(await h.core.getWatchlist(), 'TSLA').sourceStale).toBe(false)
  })

  it('a symbol missing from fresh analytics says its data date cannot be checked', async () => {
    h = await harness({ settings: { watchlist: ['TSLA', 'NVDA', 'GOLD'] } })
    h.service.faults.inject({ kind: 'body', match: 'analytics', set: { 'data.0.symbol': 'XXX' } })
    await cycleThenWait(h)
    const rows = h.core.lastCycle()!.rows
    const gaps = rows.filter((r) => r.dataDate === null)
    expect(gaps.length).toBeGreaterThan(0)
    for (const r of gaps) expect(r.problems.join('\n')).toMatch(/no series for/)
    for (const r of rows.filter((x) => x.dataDate !== null))
      expect(r.problems.join('\n')).not.toMatch(/no series for/)
  })
})
