// Condition kinds and data quality: tvl-below, concentration, vanished issuers, unverified change.
import { describe, expect, it } from 'vitest'
import { Harness, detail, good, moved, rule, sent } from './helpers'

describe('missing issuer or network', () => {
  const two = { Backed: { ethereum: 600_000 }, Ondo: { ethereum: 300_000, solana: 100_000 } }
  /** The service drops Ondo from its live total but its window start still counts it. */
  const withoutOndo = (backed = 600_000) =>
    good(detail('TSLA', { issuers: { Backed: { ethereum: backed } }, start7d: 1_000_000 }))

  it('is reported as missing for as long as it is missing, and its absence is no drop', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })] })
    h.run({ TSLA: good(detail('TSLA', { issuers: two })) })
    for (let i = 0; i < 5; i++) {
      const r = h.run({ TSLA: withoutOndo() })
      expect(r.findings.TSLA).toEqual([
        expect.stringMatching(/^issuer Ondo missing from the latest data since 12:05/),
      ])
      expect(r.events).toEqual([])
      expect(r.decisions).toEqual([])
      // Judged like for like: Backed then and now, unchanged.
      expect(r.instances[0]).toMatchObject({ state: 'ok', lastValue: 0 })
      expect(r.instances[0]?.detail).toMatch(/without issuer Ondo/)
    }
    // It comes back: the finding ends, the full figures count again.
    const back = h.run({ TSLA: good(detail('TSLA', { issuers: two })) })
    expect(back.findings.TSLA).toEqual([])
    expect(back.instances[0]?.detail).not.toMatch(/without/)
  })

  it('a drop of the issuers still there fires, judged like for like', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })] })
    h.warm()
    h.run({ TSLA: good(detail('TSLA', { issuers: two })) })
    const r = h.run({ TSLA: withoutOndo(480_000) }) // Backed −20 %
    expect(r.events.map((e) => [e.type, e.value])).toEqual([['fired', expect.closeTo(-20, 6)]])
    expect(sent(r)[0]?.title).toBe(
      'TSLA TVL down 20.0 % in 7 days (without issuer Ondo, which is missing)',
    )
  })

  it('agrees with a service whose history follows the issuers (no false rise either)', () => {
    const up = rule({
      id: 'up',
      pendingCycles: 1,
      condition: { kind: 'tvl-change', window: '7d', direction: 'up', thresholdPct: 10 },
    })
    const h = new Harness({ rules: [rule({ pendingCycles: 1 }), up] })
    h.run({ TSLA: good(detail('TSLA', { issuers: two })) })
    const consistent = good(
      detail('TSLA', { issuers: { Backed: { ethereum: 600_000 } }, start7d: 600_000 }),
    )
    const r = h.run({ TSLA: consistent })
    expect(r.events).toEqual([])
    expect(r.instances.map((i) => i.lastValue)).toEqual([0, 0])
  })

  it('reports a vanished network of a remaining issuer', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })] })
    h.run({ TSLA: good(detail('TSLA', { issuers: two })) })
    const r = h.run({
      TSLA: good(
        detail('TSLA', { issuers: { ...two, Ondo: { ethereum: 300_000 } }, start7d: 1_000_000 }),
      ),
    })
    expect(r.findings.TSLA).toEqual([
      expect.stringMatching(/^network solana of issuer Ondo missing from the latest data since/),
    ])
    expect(r.events).toEqual([])
    expect(r.instances[0]?.lastValue).toBeCloseTo(0, 6)
  })

  it('names the issuer that left when the absence persists and the rule asks for it', () => {
    const asks = rule({ pendingCycles: 2, notifyMissingIssuers: true })
    const h = new Harness({ rules: [asks] })
    h.warm()
    h.run({ TSLA: good(detail('TSLA', { issuers: two })) })
    expect(sent(h.run({ TSLA: withoutOndo() }))).toEqual([]) // one poll is not an absence yet
    const r = h.run({ TSLA: withoutOndo() })
    expect(r.events.map((e) => e.type)).toEqual(['issuer-left'])
    expect(sent(r)[0]?.title).toMatch(
      /^TSLA: issuer Ondo missing from the latest data since 12:\d\d \(last seen with \$400K, 40\.0 % of TSLA\)\. Changes are compared without it\.$/,
    )
    // Once per absence.
    expect(h.run({ TSLA: withoutOndo() }, 120).events).toEqual([])
    // Without the option: nothing.
    const quiet = new Harness({ rules: [rule({ pendingCycles: 2 })] })
    quiet.warm()
    quiet.run({ TSLA: good(detail('TSLA', { issuers: two })) })
    const runs = [quiet.run({ TSLA: withoutOndo() }), quiet.run({ TSLA: withoutOndo() })]
    expect(runs.flatMap((x) => x.events)).toEqual([])
  })

  it('an outage in between does not end the absence or count as a reading', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })] })
    h.run({ TSLA: good(detail('TSLA', { issuers: two })) })
    h.run({ TSLA: withoutOndo() })
    h.run({})
    const r = h.run({ TSLA: withoutOndo(480_000) })
    expect(r.findings.TSLA?.[0]).toMatch(/^issuer Ondo missing/)
    expect(r.instances[0]?.lastValue).toBeCloseTo(-20, 6)
  })
})

describe('tvl-below', () => {
  it('fires under the amount and re-arms only above amount × (1 + margin)', () => {
    const h = new Harness({
      rules: [
        rule({
          pendingCycles: 1,
          rearmMarginPct: 5,
          cooldownMinutes: 0,
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
    // The recovery says what TVL came back to, and the threshold.
    expect(back.events[0]?.recovery).toBe('TSLA TVL back to $1.05M (threshold $1M)')
    expect(sent(back)[0]?.body.split('\n')[0]).toBe('TSLA TVL back to $1.05M (threshold $1M)')
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
    expect(sent(r)[0]?.title).toBe(
      'TSLA: issuer A holds 72.0 % of TVL (limit 60.0 %); HHI 5,968 (highly concentrated)',
    )
    expect(r.events[0]).toMatchObject({ value: 72, threshold: 60 })
  })

  it('with maxHhi, fires when the HHI passes its limit though no share does, and re-arms below it', () => {
    const h = new Harness({
      rules: [
        rule({
          pendingCycles: 1,
          condition: { kind: 'concentration', by: 'issuer', maxSharePct: 60, maxHhi: 4000 },
        }),
      ],
    })
    const split = (a: number, b: number, c: number) =>
      good(
        detail('TSLA', { issuers: { A: { ethereum: a }, B: { ethereum: b }, C: { ethereum: c } } }),
      )
    h.run({ TSLA: split(34, 33, 33) })
    // 45² + 45² + 10² = 4150
    const r = h.run({ TSLA: split(45, 45, 10) })
    expect(sent(r).map((d) => d.title)).toEqual([
      'TSLA: issuer HHI 4,150 (highly concentrated), above its limit of 4,000; largest issuer A holds 45.0 % of TVL (limit 60.0 %)',
    ])
    // The alert's figures are the limit it is over: the HHI and its limit, not the share's.
    const fired = r.events.find((e) => e.type === 'fired')!
    expect([Math.round(fired.value!), fired.threshold]).toEqual([4150, 4000])
    expect(r.instances[0]?.lastUnit).toBe('hhi')
    // 44² + 44² + 12² = 4016 − still above the limit; 42², 42², 16² = 3784 is past the 2 % re-arm margin (3920).
    expect(h.run({ TSLA: split(44, 44, 12) }).instances[0]?.state).toBe('firing')
    const back = h.run({ TSLA: split(42, 42, 16) })
    expect(back.events.map((e) => e.type)).toEqual(['resolved'])
    expect(back.events[0]?.recovery).toBe(
      'TSLA largest issuer A back to 42.0 % of TVL (limit 60.0 %), HHI 3,784 (highly concentrated; limit 4,000)',
    )
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
    // Neither figure can be trusted: no verdict (issue 22 item 12), so nothing fires or is told.
    expect(r.events).toEqual([])
    expect(sent(r)).toEqual([])
    expect(r.decisions).toEqual([])
    expect(r.instances[0]).toMatchObject({
      state: 'nodata',
      phase: 'ok',
      breachCount: 0,
      verified: false,
      heldBack: null,
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
    // The disagreeing figures began no episode (issue 22 item 12): there is nothing to end.
    const over = h.run({ TSLA: good(moved('TSLA', 0)) })
    expect(over.events).toEqual([])
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
    // Marked once, by the event's verified flag: the history view marks it from the flag too.
    expect(sent(r)[0]?.title).toBe('TSLA TVL down 12.4 % in 7 days (unverified)')
    expect(r.events[0]).toMatchObject({
      verified: false,
      message: 'TSLA TVL down 12.4 % in 7 days',
    })
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
