// Issue 11, tiered poll: details that keep failing must not starve the round robin. The round
// robin goes by the last attempt, so a symbol whose detail always fails takes its turn like any
// other and every other detail is still refreshed within the age bound.
import { afterEach, describe, expect, it } from 'vitest'
import { detailAgeBoundMs } from '../../src/main/engine/poll/poll-plan'
import { MIN } from './helpers'
import { universeHarness, type UniverseHarness } from './tiered-helpers'

let h: UniverseHarness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

describe('the tiered poll with details that keep failing', () => {
  it('12 symbols whose detail always fails: every other detail is still refreshed within the bound', async () => {
    // 200 watched of a 1000-symbol universe, budget 50: a round-robin floor of 10, bound 20 polls.
    h = await universeHarness({ universe: 1000, watch: 200 })
    const interval = 5 * MIN
    const bound = detailAgeBoundMs(200, 50, interval)
    // 40 symbols in a steep drop are fetched every poll (near a rule, then firing): with the other
    // symbols near the rule they fill the budget, so the round robin gets just its floor of 10.
    const dropped = h.symbols.slice(0, 40)
    for (const symbol of dropped)
      h.service.scenarios.add({ kind: 'tvl-drop', symbol, pct: 30, windowDays: 7 })
    // More always-failing symbols than the floor: oldest first by the last success, they would
    // take the whole floor every poll.
    const failing = h.symbols.slice(100, 112)
    h.service.faults.inject({ kind: 'status', status: 404, match: 'asset', symbols: failing })

    const start = h.clock.now()
    const lastTried = new Map(failing.map((s) => [s, start]))
    for (let i = 0; i < 45; i++) {
      const { assets } = await h.poll()
      const now = h.clock.now()
      for (const s of assets) if (lastTried.has(s)) lastTried.set(s, now)
      const rows = h.rowsEmitted.at(-1)!
      const tooOld = rows
        .filter((r) => !failing.includes(r.symbol))
        .map((r) => ({ r, at: r.detailFetchedAt === null ? start : Date.parse(r.detailFetchedAt) }))
        .filter(({ at }) => now - at > bound)
        .map(({ r }) => r.symbol)
      // A failing symbol is retried within the bound, and between tries its row says what failed.
      const untried = failing.filter((s) => now - lastTried.get(s)! > bound)
      const silent = rows
        .filter((r) => failing.includes(r.symbol) && lastTried.get(r.symbol)! > start)
        .filter((r) => !r.problems.some((p) => /not found/i.test(p)))
        .map((r) => r.symbol)
      expect({ poll: i, tooOld, untried, silent }).toEqual({
        poll: i,
        tooOld: [],
        untried: [],
        silent: [],
      })
      h.clock.jump(interval)
    }
    // Between tries (not fetched this poll), the row says when it last failed and why.
    const waiting = h.rowsEmitted
      .at(-1)!
      .filter((r) => failing.includes(r.symbol) && r.error === null)
    expect(waiting.length).toBeGreaterThan(0)
    for (const r of waiting)
      expect(r.problems).toContainEqual(
        expect.stringMatching(
          new RegExp(
            String.raw`^its last full check, at \d\d:\d\d, failed: The service has no asset "${r.symbol}" \(404\)\..* It is tried again within 1 h 40 min\.$`,
          ),
        ),
      )
  }, 300_000)
})
