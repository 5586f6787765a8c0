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

describe('figures that disagree (reported tvlChange vs computed change)', () => {
  const disagreeing = () => ({ TSLA: good(moved('TSLA', -12.4, { change7d: 0.02 })) })

  it('are held, not notified: the episode is recorded and the app says why', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })] })
    h.warm()
    const r = h.run(disagreeing())
    expect(r.events.map((e) => [e.type, e.verified])).toEqual([['fired', false]])
    expect(sent(r)).toEqual([])
    const [d] = r.decisions
    expect(d).toMatchObject({
      status: 'held',
      reason: 'figures-disagree',
      body: 'figures disagree: service says +2.0 %, history says −12.4 %',
      eventIds: [r.events[0]?.id],
    })
    expect(d?.status === 'held' && d.note).toMatch(/not notified/i)
    expect(r.instances[0]).toMatchObject({
      state: 'firing',
      verified: false,
      heldBack: 'figures-disagree',
    })
    expect(r.instances[0]?.detail).toContain(
      'figures disagree: service says +2.0 %, history says −12.4 %',
    )
    expect(r.findings.TSLA).toEqual([
      'figures disagree: service says +2.0 %, history says −12.4 % (7-day change)',
    ])
    // Not owed to a digest: nothing is delivered later while the figures keep disagreeing.
    expect(r.state.held).toEqual([])
    for (let i = 0; i < 3; i++) {
      const again = h.run(disagreeing())
      expect(again.events).toEqual([])
      expect(again.decisions).toEqual([])
    }
  })

  it('notify once the figures agree while the drop lasts', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })] })
    h.warm()
    h.run(disagreeing())
    const agreed = h.run({ TSLA: good(moved('TSLA', -12.6)) })
    expect(sent(agreed)).toMatchObject([{ title: 'TSLA TVL down 12.6 % in 7 days' }])
    expect(agreed.instances[0]).toMatchObject({ verified: true, heldBack: null })
    expect(h.run({ TSLA: good(moved('TSLA', -12.6)) }).decisions).toEqual([])
  })

  it('a held episode that ends before the figures agree is never notified', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })] })
    h.warm()
    h.run(disagreeing())
    const over = h.run({ TSLA: good(moved('TSLA', 0)) })
    expect(over.events.map((e) => e.type)).toEqual(['resolved'])
    expect(sent(over)).toEqual([])
    expect(sent(h.run({ TSLA: good(moved('TSLA', -1)) }))).toEqual([])
  })

  it('notify, clearly marked, when the user opted in', () => {
    const h = new Harness({
      rules: [rule({ pendingCycles: 1 })],
      prefs: { notifyUnverified: true },
    })
    h.warm()
    const r = h.run(disagreeing())
    expect(sent(r)).toHaveLength(1)
    expect(sent(r)[0]?.title).toBe('TSLA TVL down 12.4 % in 7 days (unverified)')
    expect(sent(r)[0]?.body).toContain(
      'figures disagree: service says +2.0 %, history says −12.4 %',
    )
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
      expect(sent(r)).toHaveLength(1)
      expect(r.findings.TSLA).toEqual([])
    }
  })
})
