// Condition kinds and data quality: tvl-below, concentration, vanished issuers, unverified change.
import { describe, expect, it } from 'vitest'
import { Harness, detail, good, moved, rule, sent, stateOf } from './helpers'

describe('missing issuer or network', () => {
  const two = { Backed: { ethereum: 600_000 }, Ondo: { ethereum: 300_000, solana: 100_000 } }

  it('reports a vanished issuer as missing, not as a drop, then takes the new set as baseline', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })] })
    h.run({ TSLA: good(detail('TSLA', { issuers: two })) })
    // Ondo vanishes: total falls 40 % against an unchanged window start.
    const gone = detail('TSLA', { issuers: { Backed: { ethereum: 600_000 } }, start7d: 1_000_000 })
    const r = h.run({ TSLA: good(gone) })
    expect(stateOf(r)).toBe('nodata')
    expect(r.instances[0]?.detail).toBe('issuer Ondo missing from the latest data')
    expect(r.events).toEqual([])
    expect(r.decisions).toEqual([])
    // The next cycle measures against the new set.
    const next = h.run({
      TSLA: good(detail('TSLA', { issuers: { Backed: { ethereum: 600_000 } } })),
    })
    expect(stateOf(next)).toBe('ok')
  })

  it('reports a vanished network of a remaining issuer', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })] })
    h.run({ TSLA: good(detail('TSLA', { issuers: two })) })
    const r = h.run({
      TSLA: good(
        detail('TSLA', { issuers: { ...two, Ondo: { ethereum: 300_000 } }, start7d: 1_000_000 }),
      ),
    })
    expect(r.instances[0]).toMatchObject({
      state: 'nodata',
      detail: 'network solana of issuer Ondo missing from the latest data',
    })
    expect(r.events).toEqual([])
  })

  it('does not let a missing-issuer cycle resolve or advance anything', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 2 })] })
    h.run({ TSLA: good(detail('TSLA', { issuers: two })) })
    h.run({ TSLA: good(detail('TSLA', { issuers: two, start7d: 1_200_000 })) })
    const r = h.run({
      TSLA: good(
        detail('TSLA', { issuers: { Backed: { ethereum: 600_000 } }, start7d: 1_200_000 }),
      ),
    })
    expect(r.instances[0]?.breachCount).toBe(1)
  })
})

describe('tvl-below', () => {
  it('fires under the amount and re-arms only above amount × (1 + margin)', () => {
    const h = new Harness({
      rules: [
        rule({
          pendingCycles: 1,
          rearmMarginPct: 5,
          condition: { kind: 'tvl-below', amount: 1_000_000 },
        }),
      ],
    })
    h.run({ TSLA: good(detail('TSLA', { tvl: 2_000_000 })) })
    const fired = h.run({ TSLA: good(detail('TSLA', { tvl: 850_000 })) })
    expect(sent(fired)[0]?.title).toBe('TSLA TVL $850K is below $1M')
    expect(h.run({ TSLA: good(detail('TSLA', { tvl: 1_040_000 })) }).events).toEqual([])
    expect(h.run({ TSLA: good(detail('TSLA', { tvl: 990_000 })) }).events).toEqual([])
    const back = h.run({ TSLA: good(detail('TSLA', { tvl: 1_050_000 })) })
    expect(back.events.map((e) => e.type)).toEqual(['resolved'])
  })
})

describe('concentration', () => {
  it('fires when the largest issuer holds more than maxSharePct', () => {
    const h = new Harness({
      rules: [
        rule({
          pendingCycles: 1,
          condition: { kind: 'concentration', by: 'issuer', maxSharePct: 60 },
        }),
      ],
    })
    h.run({ TSLA: good(detail('TSLA', { issuers: { A: { ethereum: 50 }, B: { ethereum: 50 } } })) })
    const r = h.run({
      TSLA: good(detail('TSLA', { issuers: { A: { ethereum: 72 }, B: { ethereum: 28 } } })),
    })
    expect(sent(r)[0]?.title).toBe('TSLA: issuer A holds 72.0 % of TVL (limit 60.0 %)')
    expect(r.events[0]).toMatchObject({ value: 72, threshold: 60 })
  })

  it('judges network share across issuers', () => {
    const issuers = { A: { ethereum: 40, solana: 10 }, B: { ethereum: 40, base: 10 } }
    const byNetwork = rule({
      id: 'net',
      pendingCycles: 1,
      condition: { kind: 'concentration', by: 'network', maxSharePct: 75 },
    })
    const byIssuer = rule({
      id: 'iss',
      pendingCycles: 1,
      condition: { kind: 'concentration', by: 'issuer', maxSharePct: 75 },
    })
    const h = new Harness({ rules: [byNetwork, byIssuer] })
    h.run({
      TSLA: good(detail('TSLA', { issuers: { A: { ethereum: 10, solana: 40 }, B: { base: 50 } } })),
    })
    const r = h.run({ TSLA: good(detail('TSLA', { issuers })) })
    expect(r.events.map((e) => [e.ruleId, e.value])).toEqual([['net', 80]])
  })
})

describe('unverified change', () => {
  it('marks alerts unverified when the reported tvlChange disagrees, and says so', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })] })
    h.warm()
    const r = h.run({ TSLA: good(moved('TSLA', -12.4, { change7d: 0.02 })) })
    expect(r.events[0]).toMatchObject({
      verified: false,
      message: 'TSLA TVL down 12.4 % in 7 days (unverified)',
    })
    expect(sent(r)[0]?.title).toBe('TSLA TVL down 12.4 % in 7 days (unverified)')
    expect(sent(r)[0]?.body).toContain('disagrees')
    expect(r.instances[0]?.verified).toBe(false)
  })

  it('consistent fraction and percent forms both stay verified', () => {
    for (const change7d of [-0.124, -12.4]) {
      const h = new Harness({ rules: [rule({ pendingCycles: 1 })] })
      h.warm()
      const r = h.run({ TSLA: good(moved('TSLA', -12.4, { change7d })) })
      expect(r.events[0]).toMatchObject({
        verified: true,
        message: 'TSLA TVL down 12.4 % in 7 days',
      })
    }
  })
})
