// OK → Pending → Firing → Resolved, and what must not move it (outages, cached data, flapping).
import { describe, expect, it } from 'vitest'
import { Harness, cached, failed, good, moved, noData, rule, sent, stateOf } from './helpers'

describe('pending → firing', () => {
  it('fires after N consecutive breaching cycles and notifies exactly once', () => {
    const h = new Harness()
    h.warm()
    const c1 = h.run({ TSLA: good(moved('TSLA', -12.4)) })
    expect(stateOf(c1)).toBe('pending')
    expect(c1.events).toEqual([])
    expect(c1.decisions).toEqual([])

    const c2 = h.run({ TSLA: good(moved('TSLA', -12.4)) })
    expect(stateOf(c2)).toBe('firing')
    expect(c2.events.map((e) => e.type)).toEqual(['fired'])
    expect(sent(c2)).toHaveLength(1)
    expect(sent(c2)[0]).toMatchObject({ title: 'TSLA TVL down 12.4 % in 7 days', symbol: 'TSLA' })
    expect(sent(c2)[0]?.body).toContain('7-day TVL drop ≥ 10 %')

    for (let i = 0; i < 5; i++) {
      const c = h.run({ TSLA: good(moved('TSLA', -13)) })
      expect(stateOf(c)).toBe('firing')
      expect(c.events).toEqual([])
      expect(sent(c)).toEqual([])
    }
  })

  it('resets the pending count when a cycle does not breach', () => {
    const h = new Harness()
    h.warm()
    h.run({ TSLA: good(moved('TSLA', -12)) })
    expect(stateOf(h.run({ TSLA: good(moved('TSLA', -5)) }))).toBe('ok')
    expect(stateOf(h.run({ TSLA: good(moved('TSLA', -12)) }))).toBe('pending')
  })

  it('an up rule fires on a rise', () => {
    const h = new Harness({
      rules: [
        rule({
          condition: { kind: 'tvl-change', window: '30d', direction: 'up', thresholdPct: 15 },
          pendingCycles: 1,
        }),
      ],
    })
    h.warm()
    const c = h.run({
      TSLA: good(moved('TSLA', 0, { tvl: 1_200_000, start7d: 1_200_000, start30d: 1_000_000 })),
    })
    expect(sent(c)[0]?.title).toBe('TSLA TVL up 20.0 % in 30 days')
  })
})

describe('re-arm margin', () => {
  it('flapping around the threshold produces one notification, not one per crossing', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1, rearmMarginPct: 2 })] })
    h.warm()
    const results = [-10.5, -9.5, -10.4, -9.2, -10.1, -9.9, -11].map((pct) =>
      h.run({ TSLA: good(moved('TSLA', pct)) }),
    )
    expect(results.flatMap((r) => r.events.map((e) => e.type))).toEqual(['fired'])
    expect(results.flatMap(sent)).toHaveLength(1)
    expect(results.every((r) => stateOf(r) === 'firing')).toBe(true)
  })

  it('resolves once back past the threshold by the margin, then shows OK', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1, rearmMarginPct: 2 })] })
    h.warm()
    h.run({ TSLA: good(moved('TSLA', -12)) }, 135)
    const r = h.run({ TSLA: good(moved('TSLA', -7.9)) })
    expect(stateOf(r)).toBe('resolved')
    const resolved = r.events.find((e) => e.type === 'resolved')
    expect(resolved?.message).toBe('TSLA 7-day TVL drop recovered after 2 h 15 min')
    expect(resolved?.durationMs).toBe(135 * 60_000)
    expect(sent(r)[0]?.title).toBe('TSLA 7-day TVL drop recovered after 2 h 15 min')
    expect(stateOf(h.run({ TSLA: good(moved('TSLA', -7.9)) }))).toBe('ok')
  })

  it('measures the episode from its first breaching cycle', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 2 })] })
    h.warm()
    h.run({ TSLA: good(moved('TSLA', -12)) }, 60)
    h.run({ TSLA: good(moved('TSLA', -12)) }, 60)
    const r = h.run({ TSLA: good(moved('TSLA', -1)) })
    expect(r.events[0]?.durationMs).toBe(120 * 60_000)
  })
})

describe('no verdict: outages, errors, cached data', () => {
  it('error, stale and no-data cycles neither advance nor reset the pending count', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 3 })] })
    h.warm()
    h.run({ TSLA: good(moved('TSLA', -12)) })
    expect(stateOf(h.run({ TSLA: failed() }))).toBe('error')
    expect(stateOf(h.run({ TSLA: cached(moved('TSLA', -12)) }))).toBe('stale')
    expect(stateOf(h.run({ TSLA: noData }))).toBe('nodata')
    expect(stateOf(h.run({}))).toBe('nodata')
    const r2 = h.run({ TSLA: good(moved('TSLA', -12)) })
    expect(r2.instances[0]).toMatchObject({ state: 'pending', breachCount: 2 })
    expect(sent(h.run({ TSLA: good(moved('TSLA', -12)) }))).toHaveLength(1)
  })

  it('never fires from cached data', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })] })
    h.warm()
    for (let i = 0; i < 4; i++) {
      const r = h.run({ TSLA: cached(moved('TSLA', -40)) })
      expect(r.events).toEqual([])
      expect(r.decisions).toEqual([])
    }
  })

  it('an outage does not resolve a firing episode; the state shows the outage meanwhile', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })] })
    h.warm()
    const fired = h.run({ TSLA: good(moved('TSLA', -15)) })
    const firedAt = fired.instances[0]?.firedAt
    const outage = [failed(), cached(moved('TSLA', 0)), noData, failed('timeout')].map((o) =>
      h.run({ TSLA: o }),
    )
    expect(outage.map((r) => stateOf(r))).toEqual(['error', 'stale', 'nodata', 'error'])
    expect(outage.flatMap((r) => r.events)).toEqual([])
    expect(outage[0]?.instances[0]?.detail).toContain('connection refused')
    expect(outage[3]?.instances[0]?.firedAt).toBe(firedAt)
    // Still the same episode: no new 'fired' when data returns still dropping.
    const back = h.run({ TSLA: good(moved('TSLA', -15)) })
    expect(stateOf(back)).toBe('firing')
    expect(back.events).toEqual([])
    expect(h.run({ TSLA: good(moved('TSLA', 0)) }).events.map((e) => e.type)).toEqual(['resolved'])
  })

  it('a zero start TVL is no data, not a breach', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })] })
    h.warm()
    const r = h.run({ TSLA: good(moved('TSLA', 0, { start7d: 0, tvl: 10 })) })
    expect(stateOf(r)).toBe('nodata')
    expect(r.events).toEqual([])
  })
})
