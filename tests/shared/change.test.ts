// The change the alert rules judge and the asset view shows (src/shared/change.ts).
import { describe, expect, it } from 'vitest'
import { CHANGE_TOLERANCE, computeChange } from '../../src/shared/change'
import { detail } from '../engine/alerts/helpers'

describe('computeChange', () => {
  it('computes the percent change from the window start to the current total', () => {
    const c = computeChange(detail('TSLA', { tvl: 876_000, start7d: 1_000_000 }), '7d')
    expect(c?.pct).toBeCloseTo(-12.4, 6)
  })

  it('verifies a reported change given as a fraction', () => {
    const c = computeChange(
      detail('TSLA', { tvl: 876_000, start7d: 1_000_000, change7d: -0.124 }),
      '7d',
    )
    expect(c).toMatchObject({ verified: true, reported: -0.124 })
  })

  it('verifies a reported change given as a percent', () => {
    const c = computeChange(
      detail('TSLA', { tvl: 876_000, start7d: 1_000_000, change7d: -12.4 }),
      '7d',
    )
    expect(c?.verified).toBe(true)
  })

  it('tolerates rounding in the reported figure (0.1 pp)', () => {
    const c = computeChange(
      detail('TSLA', { tvl: 876_000, start7d: 1_000_000, change7d: -12.45 }),
      '7d',
    )
    expect(c?.verified).toBe(true)
  })

  it('marks a disagreeing reported change unverified and keeps our figure', () => {
    const c = computeChange(
      detail('TSLA', { tvl: 876_000, start7d: 1_000_000, change7d: -3 }),
      '7d',
    )
    expect(c?.verified).toBe(false)
    expect(c?.pct).toBeCloseTo(-12.4, 6)
  })

  it('uses the 30-day window when asked', () => {
    const c = computeChange(
      detail('TSLA', { tvl: 1_200_000, start7d: 1_200_000, start30d: 1_000_000 }),
      '30d',
    )
    expect(c?.pct).toBeCloseTo(20, 6)
    expect(computeChange(detail('TSLA', { tvl: 1_200_000, start7d: 1_200_000 }), '7d')?.pct).toBe(0)
  })

  it('returns null when the window starts at zero TVL', () => {
    expect(computeChange(detail('TSLA', { tvl: 500, start7d: 0 }), '7d')).toBeNull()
  })
  it('holds the reported figure to 0.1 pp (or 1 % of the change, when larger), as a fraction or a percent', () => {
    // -2 % computed: 1 % of it is 0.02 pp, so the absolute 0.1 pp decides.
    const at = (change7d: number): boolean | undefined =>
      computeChange(detail('TSLA', { tvl: 980_000, start7d: 1_000_000, change7d }), '7d')?.verified
    expect(CHANGE_TOLERANCE.absolutePp).toBe(0.1)
    expect(at(-2.075)).toBe(true)
    expect(at(-0.02075)).toBe(true)
    expect(at(-1.905)).toBe(true)
    expect(at(-2.11)).toBe(false)
    expect(at(-0.0211)).toBe(false)
  })
})
