import { describe, expect, it } from 'vitest'
import { computeChange, largestShare } from '../../../src/main/engine/alerts/change'
import { detail } from './helpers'

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
})

describe('largestShare', () => {
  const d = detail('TSLA', {
    issuers: { Backed: { ethereum: 30, solana: 10 }, Ondo: { ethereum: 40, arbitrum: 20 } },
  })

  it('finds the largest issuer share', () => {
    expect(largestShare(d, 'issuer')).toMatchObject({ name: 'Ondo', sharePct: 60 })
  })

  it('aggregates one network across issuers', () => {
    expect(largestShare(d, 'network')).toMatchObject({ name: 'ethereum', sharePct: 70 })
  })

  it('returns null when there is no TVL to share', () => {
    expect(largestShare(detail('X', { issuers: { A: { ethereum: 0 } } }), 'issuer')).toBeNull()
    expect(largestShare(detail('X', { issuers: {} }), 'network')).toBeNull()
  })
})
