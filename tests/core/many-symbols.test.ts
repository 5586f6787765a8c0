// Watching more than 10 symbols: one poll's abort signal reaches every request of the poll, and
// Node must not warn MaxListenersExceededWarning (it did, once per process, before).
import { afterEach, describe, expect, it } from 'vitest'
import { recordWarnings } from '../client/helpers/wait'
import { settle } from '../engine/scheduler/fake-clock'
import { cycleThenWait, harness, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

const WATCH = ['TSLA', 'NVDA', 'AAPL', 'MSFT', 'GOOGL', 'AMZN', 'META', 'GOLD']

describe('AppCore with many watched symbols', () => {
  it('12+ symbols: rows for all, no MaxListenersExceededWarning', async () => {
    const warnings = recordWarnings(['MaxListenersExceededWarning'])
    try {
      h = await harness()
      await h.core.refreshNow() // learns the symbols the service knows
      const known = (await h.core.getKnownSymbols()).map((k) => k.symbol)
      const watchlist = [...new Set([...WATCH, ...known])].slice(0, 14)
      expect(watchlist.length).toBeGreaterThan(12)
      for (const symbol of watchlist) await h.core.addSymbol(symbol)
      await cycleThenWait(h)
      await cycleThenWait(h)
      await settle()
      const rows = await h.core.getWatchlist()
      for (const symbol of watchlist) {
        expect(rows.find((r) => r.symbol === symbol)?.totalTvl).toBeGreaterThan(0)
      }
      expect(warnings.seen).toEqual([])
    } finally {
      warnings.stop()
    }
  })
})
