// The date-sensitive paths over a spread of dates (issue 22, item 0): the demo data, the market
// session and the source's data date are all functions of the clock, so a poll is run at weekends,
// holidays and the days after, month and year ends and DST changes. On every one of them the
// 1000-symbol poll keeps its request budget from the first poll on, and every row has figures.
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_DETAIL_BUDGET } from '../../src/main/engine/poll/poll-plan'
import { FakeClock } from '../engine/scheduler/fake-clock'
import { MIN } from './helpers'
import { universeHarness, type UniverseHarness } from './tiered-helpers'

/** One bulk request per asset type, then the details. */
const MAX_REQUESTS = 2 + DEFAULT_DETAIL_BUDGET

const DATES = [
  '2026-11-28T02:30:00Z', // Saturday after Thanksgiving (the date the suite first failed on)
  '2026-11-29T15:00:00Z', // Sunday after it
  '2026-11-26T18:00:00Z', // Thanksgiving
  '2026-11-27T17:00:00Z', // the early close after it
  '2026-12-25T12:00:00Z', // Christmas
  '2026-12-31T23:30:00Z', // year end
  '2027-01-01T00:30:00Z', // New Year's Day
  '2026-03-08T07:30:00Z', // US DST starts
  '2026-11-01T06:30:00Z', // US DST ends
  '2026-02-28T23:59:00Z', // month end
  '2026-06-03T14:00:00Z', // an ordinary Wednesday, market open
]

let h: UniverseHarness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

describe('on any date', () => {
  it.each(DATES)(
    '%s: a 1000-symbol watchlist keeps the request budget from its first poll, every row with figures',
    async (at) => {
      h = await universeHarness({ universe: 1000, clock: new FakeClock(at) })
      for (let i = 0; i < 2; i++) {
        const poll = await h.poll()
        expect(poll.requests, `poll ${i + 1} at ${at}`).toBeLessThanOrEqual(MAX_REQUESTS)
        h.clock.jump(5 * MIN)
      }
      const rows = await h.core.getWatchlist()
      expect(rows).toHaveLength(1000)
      expect(rows.filter((r) => r.totalTvl === null).map((r) => r.symbol)).toEqual([])
      // A row left for a later poll says why, in words, never an error.
      for (const r of rows.filter((r) => r.checkedBy === null))
        expect(r.problems.join(' ')).toMatch(/not checked this poll: /)
      expect(rows.filter((r) => r.alertState === 'error')).toEqual([])
    },
    120_000,
  )
})
