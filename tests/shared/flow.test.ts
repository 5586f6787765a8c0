// The flow vs price split: its factors multiply back to the TVL factor, its line, and the plain
// reasons when it cannot be given (no price, no TVL then).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitFlow, type FlowSplit } from '../../src/shared/flow'

const at = (d: string): string => `${d}T12:00:00.000Z`

describe('splitFlow', () => {
  it('TVL −12 % with price −9 %: net outflow −3.3 %, and the line says so', () => {
    const s = splitFlow(
      { at: at('2026-03-01'), tvl: 100, price: 50 },
      { at: at('2026-03-08'), tvl: 88, price: 45.5 },
      7,
      'TSLA',
    ) as FlowSplit
    expect(s.tvlPct).toBeCloseTo(-12, 9)
    expect(s.pricePct).toBeCloseTo(-9, 9)
    expect(s.netFlowPct).toBeCloseTo((0.88 / 0.91 - 1) * 100, 9)
    expect(s.text).toBe('TVL −12.0 %: price −9.0 %, net outflow −3.3 %')
  })

  it('a net flow that shows as ±0.0 % is called net flow, not an outflow or inflow', () => {
    const s = splitFlow(
      { at: at('2026-03-01'), tvl: 1_000_000, price: 100 },
      { at: at('2026-03-08'), tvl: 999_700, price: 100 },
      7,
      'TSLA',
    ) as FlowSplit
    expect(s.netFlowPct).toBeLessThan(0)
    expect(s.text).toBe('TVL 0.0 %: price 0.0 %, net flow 0.0 %')
  })

  it('the two factors always multiply back to the TVL factor', () => {
    const pos = fc.double({ min: 1, max: 100, noNaN: true })
    fc.assert(
      fc.property(pos, pos, pos, pos, (t0, t1, p0, p1) => {
        const s = splitFlow(
          { at: at('2026-01-01'), tvl: t0, price: p0 },
          { at: at('2026-01-08'), tvl: t1, price: p1 },
          7,
          'X',
        ) as FlowSplit
        const back = (1 + s.pricePct / 100) * (1 + s.netFlowPct / 100)
        expect(Math.abs(back / (1 + s.tvlPct / 100) - 1)).toBeLessThan(1e-6)
      }),
    )
  })

  it('a missing or zero price, or no TVL then, is said instead of guessed', () => {
    const then = { at: at('2026-03-01'), tvl: 100, price: 50 }
    const now = { at: at('2026-03-08'), tvl: 90, price: 0 }
    expect(splitFlow(then, now, 7, 'TSLA')).toEqual({
      kind: 'unknown',
      windowDays: 7,
      reason:
        "the service gave no price for TSLA's underlying now, so the change cannot be split into price and flow",
    })
    expect(splitFlow({ ...then, price: 0 }, { ...now, price: 40 }, 7, 'TSLA')).toMatchObject({
      reason: expect.stringContaining("no price for TSLA's underlying on 2026-03-01") as string,
    })
    expect(splitFlow({ ...then, tvl: 0 }, { ...now, price: 40 }, 7, 'TSLA')).toMatchObject({
      reason: 'TSLA had no TVL on 2026-03-01, so there is no change to split',
    })
  })
})
