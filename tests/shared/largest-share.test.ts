// The largest issuer or network share of a detail and its HHI (shared/hhi.ts largestShare).
import { describe, expect, it } from 'vitest'
import { largestShare } from '../../src/shared/hhi'
import { detail } from '../engine/alerts/helpers'

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
