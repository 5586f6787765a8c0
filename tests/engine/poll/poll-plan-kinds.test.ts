// The poll plan's screen per condition kind: what the bulk daily series can and cannot clear.
import { describe, expect, it } from 'vitest'
import { defaultRules, type AlertRule } from '../../../src/shared/alert-rules'
import type { AssetDetail } from '../../../src/shared/liquidity-schemas'
import { planPoll, type CachedDetail } from '../../../src/main/engine/poll/poll-plan'
import { NOW, input, series } from './plan-input'

describe('planPoll', () => {
  it('concentration is screened on the last cached detail: near its limit → fetched', () => {
    const rules: AlertRule[] = [
      {
        ...defaultRules()[0]!,
        id: 'conc',
        condition: { kind: 'concentration', by: 'issuer', maxSharePct: 60 },
      },
    ]
    const detail = (share: number): AssetDetail =>
      ({
        symbol: 'X',
        assetType: 'stock',
        totalTvl: 100,
        totalVolume: 1,
        history: { '7d': { tvl: 100, tvlChange: 0 }, '30d': { tvl: 100, tvlChange: 0 } },
        issuers: [
          { name: 'A', tokenSymbol: 'a', totalTvl: share, totalVolume: 0, networks: [] },
          { name: 'B', tokenSymbol: 'b', totalTvl: 100 - share, totalVolume: 0, networks: [] },
        ],
        marketData: { onChainMarketCap: 1, tradfiAssetPrice: 1 },
      }) as AssetDetail
    const fresh = NOW.toISOString()
    const cached = new Map<string, CachedDetail>(
      Array.from({ length: 1000 }, (_, i) => [`S${i}`, { detail: detail(50), fetchedAt: fresh }]),
    )
    cached.set('S500', { detail: detail(57), fetchedAt: fresh })
    const p = planPoll(input(1000, { cached }, rules))
    expect(p.fetch.get('S500')).toBe('near-rule')
    expect(p.screened.has('S501')).toBe(true)
  })

  it('pool-count: a floor is screened on the last cached detail, a drop rests on the round robin', () => {
    const rules: AlertRule[] = [
      {
        ...defaultRules()[0]!,
        id: 'pools',
        condition: { kind: 'pool-count', network: 'ethereum', below: 3, dropBy: 1 },
      },
    ]
    const detail = (pools: number): AssetDetail =>
      ({
        symbol: 'X',
        assetType: 'stock',
        totalTvl: 100,
        totalVolume: 1,
        history: { '7d': { tvl: 100, tvlChange: 0 }, '30d': { tvl: 100, tvlChange: 0 } },
        issuers: [
          {
            name: 'A',
            tokenSymbol: 'a',
            totalTvl: 100,
            totalVolume: 0,
            networks: [
              { network: 'ethereum', tvl: 100, pools: Array.from({ length: pools }, () => ({})) },
            ],
          },
        ],
        marketData: { onChainMarketCap: 1, tradfiAssetPrice: 1 },
      }) as AssetDetail
    const fresh = NOW.toISOString()
    const cached = new Map<string, CachedDetail>(
      Array.from({ length: 1000 }, (_, i) => [`S${i}`, { detail: detail(6), fetchedAt: fresh }]),
    )
    cached.set('S500', { detail: detail(3), fetchedAt: fresh }) // at the floor: one loss crosses
    cached.set('S600', { detail: detail(4), fetchedAt: fresh }) // two losses from crossing
    cached.delete('S700') // never fetched: cannot be screened
    const p = planPoll(input(1000, { cached }, rules))
    expect(p.fetch.get('S500')).toBe('near-rule')
    expect(p.fetch.get('S600')).not.toBe('near-rule')
    expect(p.fetch.has('S700')).toBe(true)
    // Far from the floor: screened; its drops are seen when the round robin fetches its detail.
    expect(p.screened.has('S501')).toBe(true)
    expect(p.fetch.size).toBe(50)
  })

  it('net-flow: the bulk has no price, so it is never screened clear; a TVL move near its limit fetches the detail', () => {
    const rules: AlertRule[] = [
      {
        ...defaultRules()[0]!,
        id: 'flow',
        condition: { kind: 'net-flow', window: '7d', direction: 'down', thresholdPct: 10 },
      },
    ]
    const base = input(1000, {}, rules)
    const s = new Map(base.series)
    s.set('S900', { assetType: 'stock', series: series(-8) }) // TVL near the limit: tokens may be leaving
    const p = planPoll({ ...base, series: s })
    expect(p.fetch.get('S900')).toBe('near-rule')
    // The rest cannot be judged on the bulk (a rising price can hide an outflow in the TVL): not
    // screened, judged on their details in turn, within the budget and the detail age bound.
    expect(p.screened.size).toBe(0)
    expect(p.fetch.size).toBe(50)
  })

  it('issuer-drop: the bulk has no issuer split, so it is never screened clear; a total falling near its limit fetches the detail', () => {
    const rules: AlertRule[] = [
      {
        ...defaultRules()[0]!,
        id: 'issuer',
        condition: { kind: 'issuer-drop', window: '7d', thresholdPct: 10 },
      },
    ]
    const base = input(1000, {}, rules)
    const s = new Map(base.series)
    s.set('S900', { assetType: 'stock', series: series(-8) }) // the total falls near the limit
    const p = planPoll({ ...base, series: s })
    expect(p.fetch.get('S900')).toBe('near-rule')
    // One issuer can fall while another rises and the total stays: none is screened clear.
    expect(p.screened.size).toBe(0)
    expect(p.fetch.size).toBe(50)
  })
})
