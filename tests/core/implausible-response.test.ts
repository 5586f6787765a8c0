// An answer that matches the schema but not reality (another symbol, an impossible figure) is
// refused by the client; the row keeps its last good figures, says what is wrong, and nothing fires.
import { afterEach, describe, expect, it } from 'vitest'
import type { Fault } from '../../src/dev-service/server'
import { cycleThenWait, harness, row, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

describe('AppCore with implausible answers (demo service over HTTP)', () => {
  it.each<[string, Fault, RegExp]>([
    [
      'data for another symbol',
      { kind: 'body', match: 'asset', set: { symbol: 'NVDA' } },
      /data for "NVDA" when asked for "TSLA"; it was not used/,
    ],
    [
      'an impossible 7-day base (would read as a -100 % drop)',
      { kind: 'body', match: 'asset', set: { 'history.7d.tvl': 1e300 } },
      /implausible value for TSLA \(history\.7d\.tvl = 1e\+300\)/,
    ],
    [
      'an impossible reported 7-day change (+88 822 727 %)',
      { kind: 'body', match: 'asset', set: { 'history.7d.tvlChange': 88822727 } },
      /implausible value for TSLA \(history\.7d\.tvlChange = 88822727\)/,
    ],
    [
      'a reported 30-day change below −100 %',
      { kind: 'body', match: 'asset', set: { 'history.30d.tvlChange': -250 } },
      /implausible value for TSLA \(history\.30d\.tvlChange = -250\)/,
    ],
  ])('%s: last good figures kept, problem shown, no alert', async (_name, fault, message) => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    await cycleThenWait(h)
    const good = row(await h.core.getWatchlist(), 'TSLA')
    expect(good).toMatchObject({ alertState: 'ok', error: null })

    // A real drop that would fire after two polls, behind answers that must not be trusted.
    h.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    h.service.faults.inject(fault)
    for (let i = 0; i < 3; i++) await cycleThenWait(h)

    const tsla = row(await h.core.getWatchlist(), 'TSLA')
    expect(tsla).toMatchObject({
      totalTvl: good.totalTvl,
      change7d: good.change7d,
      fetchedAt: good.fetchedAt,
      error: { kind: 'invalid-response', message: expect.stringMatching(message) },
    })
    expect(tsla.problems).toContainEqual(expect.stringMatching(message))
    expect(tsla.alertState).not.toBe('firing')
    expect(tsla.alertState).not.toBe('pending')
    expect(h.notified).toHaveLength(0)
    expect(h.alertEvents.filter((e) => e.type === 'fired')).toHaveLength(0)
  })
})
