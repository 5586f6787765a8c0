// The market block under check's table at scale: a large group is counted, the few symbols whose
// data is from another session are named before "the other N stocks".
import { describe, expect, it } from 'vitest'
import { marketLines } from '../../src/main/cli/market-lines'
import type { WatchRow } from '../../src/shared/view-models'

// A Saturday (closed: weekend) and a Wednesday at 11:00 New York (open).
const SATURDAY = '2026-03-07T16:00:00.000Z'
const WEDNESDAY = '2026-03-04T16:00:00.000Z'

const row = (symbol: string, assetType: string, fetchedAt: string): WatchRow =>
  ({ symbol, assetType, fetchedAt }) as WatchRow

const stocks = (n: number, at: string): WatchRow[] =>
  Array.from({ length: n }, (_, i) => row(`S${i}`, 'stock', at))

describe('marketLines', () => {
  it('names a few symbols, as before', () => {
    expect(marketLines([row('TSLA', 'stock', SATURDAY), row('NVDA', 'stock', SATURDAY)])).toEqual([
      'Markets at the time of the data:',
      '  TSLA and NVDA: US market closed (weekend)',
    ])
  })

  it('counts every stock sharing one session', () => {
    expect(marketLines([...stocks(972, SATURDAY), row('GOLD', 'commodity', SATURDAY)])).toEqual([
      'Markets at the time of the data:',
      '  All 972 stocks: US market closed (weekend)',
      '  GOLD: CME metals market closed (weekend)',
    ])
  })

  it('names the few in another session, then "the other N stocks"', () => {
    const rows = [...stocks(500, SATURDAY), row('TSLA', 'stock', WEDNESDAY)]
    const lines = marketLines(rows)
    expect(lines).toHaveLength(3)
    expect(lines[1]).toMatch(/^ {2}TSLA: US market open/)
    expect(lines[2]).toBe('  The other 500 stocks: US market closed (weekend)')
  })
})
