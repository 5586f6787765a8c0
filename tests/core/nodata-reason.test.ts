// A row that cannot be judged says why (U10): with no TVL at the start of the 7-day window (the
// service's body fault history.7d.tvl = 0) the row is 'nodata' and its problems name the reason.
import { afterEach, describe, expect, it } from 'vitest'
import { cycleThenWait, harness, row, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

describe('nodata with a reason', () => {
  it('no TVL at the start of the window: the row says so in plain words', async () => {
    h = await harness({ settings: { watchlist: ['TSLA', 'NVDA'] } })
    h.service.faults.inject({
      kind: 'body',
      set: { 'history.7d.tvl': 0 },
      match: 'asset',
    })
    await cycleThenWait(h)
    await cycleThenWait(h)
    const tsla = row(await h.core.getWatchlist(), 'TSLA')
    expect(tsla.alertState).toBe('nodata')
    expect(tsla.problems).toContainEqual(
      expect.stringMatching(/7-day change cannot be judged: .*no TVL .*start of the 7-day window/),
    )
    expect(tsla.findings).toEqual(tsla.problems)
    expect(row(h.core.lastCycle()!.rows, 'TSLA').problems).toEqual(tsla.problems)
  })
})
