// Issue 11: requests per poll independent of watchlist size. A watchlist above the detail budget
// is polled in tiers (bulk series for all, details where they matter); a small one exactly as before.
import { afterEach, describe, expect, it } from 'vitest'
import { detailAgeBoundMs } from '../../src/main/engine/poll/poll-plan'
import { MIN } from './helpers'
import { universeHarness, type UniverseHarness } from './tiered-helpers'

let h: UniverseHarness | null = null
let other: UniverseHarness | null = null
afterEach(async () => {
  await h?.close()
  await other?.close()
  h = null
  other = null
})

describe('the tiered poll', () => {
  it('1000 watched symbols at a 5-minute interval: at most 60 requests per poll on average over 24 polls', async () => {
    h = await universeHarness({ universe: 1000 })
    const counts: number[] = []
    for (let i = 0; i < 24; i++) {
      counts.push((await h.poll()).requests)
      h.clock.jump(5 * MIN)
    }
    const mean = counts.reduce((a, b) => a + b, 0) / counts.length
    expect(mean).toBeLessThanOrEqual(60)
    const rows = await h.core.getWatchlist()
    expect(rows).toHaveLength(1000)
    // Every row has figures: the bulk series stands in where no detail was due, and it is no problem.
    expect(rows.every((r) => r.totalTvl !== null)).toBe(true)
    // A row is unchecked only when more symbols need a detail than the budget holds (the budget
    // holds on every date: tests/core/any-date.test.ts): it says why and takes its turn.
    const unchecked = rows.filter((r) => r.checkedBy === null)
    for (const r of unchecked)
      expect(r.problems.join(' ')).toMatch(/not checked this poll: .*, and only 50 symbols get/)
    expect(unchecked.length).toBeLessThan(100)
    const screened = rows.filter((r) => r.checkedBy === 'series')
    expect(screened.length).toBeGreaterThan(900)
    for (const r of screened) {
      expect(r).toMatchObject({ alertState: 'ok', stale: false, problems: [] })
      expect(r.fetchedAt).toBe(h.core.lastCycle()!.at)
      expect(r.sparkline.length).toBeGreaterThan(0)
    }
    const status = await h.core.getStatus()
    expect(status.staleSince).toBeNull()
    expect(status.detailAgeBoundMs).toBe(detailAgeBoundMs(1000, 50, 5 * MIN))
    expect(status.detailCoverage).toMatch(/every detail is at most 8 h 20 min old/)
    // What the bound assumes, and the symbols still waiting for their first full check.
    expect(status.detailCoverage).toMatch(
      /Polling every 5 min, every detail is at most 8 h 20 min old; \d+ of them have not had their first full check yet\./,
    )
  }, 120_000)

  it('symbols on screen (setVisibleSymbols) get their detail every poll', async () => {
    h = await universeHarness({ universe: 1000 })
    await h.poll()
    h.clock.jump(5 * MIN)
    const screened = (await h.core.getWatchlist()).filter((r) => r.checkedBy === 'series')
    const onScreen = screened.slice(0, 10).map((r) => r.symbol)
    await h.core.setVisibleSymbols(onScreen)
    for (let i = 0; i < 2; i++) {
      const poll = await h.poll()
      expect(poll.assets).toEqual(expect.arrayContaining(onScreen))
      h.clock.jump(5 * MIN)
    }
    const rows = await h.core.getWatchlist()
    for (const s of onScreen) expect(rows.find((r) => r.symbol === s)?.checkedBy).toBe('detail')
  }, 60_000)

  it('10 symbols: exactly the requests of the per-symbol poll (every detail every poll)', async () => {
    h = await universeHarness({ universe: 1000, watch: 10 })
    other = await universeHarness({ universe: 1000, watch: 10, deps: { detailBudget: Infinity } })
    for (let i = 0; i < 3; i++) {
      const [tiered, baseline] = [await h.poll(), await other.poll()]
      expect(tiered.assets.sort()).toEqual([...h.symbols].sort())
      expect(tiered.requests).toBe(baseline.requests)
      h.clock.jump(5 * MIN)
      other.clock.jump(5 * MIN)
    }
    const paths = (u: UniverseHarness) =>
      u.service
        .requestLog()
        .map((r) => `${r.path.includes('/asset/') ? 'asset' : r.path}?${r.query}`)
    expect(paths(h)).toEqual(paths(other))
    const rows = await h.core.getWatchlist()
    expect(rows.every((r) => r.checkedBy === 'detail' && r.detailFetchedAt === r.fetchedAt)).toBe(
      true,
    )
  }, 60_000)

  it('the detail age bound holds over a simulated day at 1000 symbols', async () => {
    // Half-hourly polls and 125 details per poll: a bound (20 h) inside one simulated day (48 polls).
    const budget = 125
    const interval = 30 * MIN
    h = await universeHarness({ universe: 1000, deps: { detailBudget: budget } })
    await h.core.updateSettings({ intervalMinutes: 30 })
    const bound = detailAgeBoundMs(1000, budget, interval)
    expect(bound).toBeLessThan(24 * 60 * MIN)
    const start = h.clock.now()
    let oldest = 0
    for (let i = 0; i < 48; i++) {
      await h.poll()
      // The bound holds while requests succeed: a failure here would be the test's, not the plan's.
      expect(h.core.lastCycle()!.failures).toEqual([])
      const now = h.clock.now()
      const rows = h.rowsEmitted.at(-1)!
      for (const r of rows) {
        const age = now - (r.detailFetchedAt === null ? start : Date.parse(r.detailFetchedAt))
        oldest = Math.max(oldest, age)
        expect(age).toBeLessThanOrEqual(bound)
      }
      h.clock.jump(interval)
    }
    // Details did age (not every detail every poll), just never past the bound; the worst case
    // (alerts filling the budget every poll) is the property test in poll-plan.test.ts.
    expect(oldest).toBeGreaterThan(2 * interval)
    expect((await h.core.getStatus()).detailAgeBoundMs).toBe(bound)
  }, 300_000)
})
