// The poll plan (pure): which details a poll fetches, and the detail age bound it keeps. What each
// condition kind's screen does: poll-plan-kinds.test.ts.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { SerializedError } from '../../../src/shared/errors'
import {
  detailAgeBoundMs,
  planPoll,
  roundRobinFloor,
  type CachedDetail,
} from '../../../src/main/engine/poll/poll-plan'
import { DAY, NOW, input, series } from './plan-input'

const gone: SerializedError = { kind: 'not-found', message: 'No such asset.' }

describe('planPoll', () => {
  it('within the budget: every detail every poll, nothing screened', () => {
    const p = planPoll(input(50))
    expect(p.fetch.size).toBe(50)
    expect([...p.fetch.values()].every((r) => r === 'every-poll')).toBe(true)
    expect(p.screened.size).toBe(0)
  })

  it('above it: the budget, the rest screened on bulk', () => {
    const p = planPoll(input(1000))
    expect(p.fetch.size).toBe(50)
    expect(p.screened.size).toBe(950)
  })

  it('a symbol breaching or nearing a rule in bulk is fetched; a calm one is not (approach: a third of the threshold or 3 pp)', () => {
    const base = input(1000)
    const s = new Map(base.series)
    s.set('S900', { assetType: 'stock', series: series(-12) }) // breach
    s.set('S901', { assetType: 'stock', series: series(-7) }) // within 3.33 pp of 10 %
    s.set('S902', { assetType: 'stock', series: series(-6) }) // clear
    // Everything has a fresh detail, so the round robin does not reach these.
    const cached = new Map<string, CachedDetail>(
      base.symbols.map((x, i) => [
        x,
        {
          detail: null,
          fetchedAt: new Date(NOW.getTime() - (i < 900 ? 2 : 1) * DAY).toISOString(),
        },
      ]),
    )
    const p = planPoll({ ...base, series: s, cached })
    expect(p.fetch.get('S900')).toBe('near-rule')
    expect(p.fetch.get('S901')).toBe('near-rule')
    expect(p.fetch.has('S902')).toBe(false)
    expect(p.screened.has('S902')).toBe(true)
  })

  it('alerts under way are never capped, and the round-robin floor still runs beside them', () => {
    const alertRelevant = new Set(Array.from({ length: 80 }, (_, i) => `S${i * 10}`))
    const p = planPoll(input(1000, { alertRelevant }))
    for (const s of alertRelevant) expect(p.fetch.get(s)).toBe('alert')
    expect(p.fetch.size).toBe(80 + roundRobinFloor(50))
  })

  it('a day when much of the market nears a rule: the budget holds, the floor still runs, the rest take turns oldest first', () => {
    const base = input(1000)
    const s = new Map(base.series)
    const near = Array.from({ length: 120 }, (_, i) => `S${i * 8}`)
    for (const x of near) s.set(x, { assetType: 'stock', series: series(-8) })
    // Everything was fetched a day ago, the near ones by age in list order.
    const cached = new Map<string, CachedDetail>(
      base.symbols.map((x, i) => [
        x,
        {
          detail: null,
          fetchedAt: new Date(NOW.getTime() - DAY - (1000 - i) * 1000).toISOString(),
        },
      ]),
    )
    const visible = new Set(['S1', 'S2', 'S3'])
    const p = planPoll({ ...base, series: s, cached, visible })
    expect(p.fetch.size).toBeLessThanOrEqual(50)
    const reasons = [...p.fetch.values()]
    expect(reasons.filter((r) => r === 'round-robin').length).toBeGreaterThanOrEqual(
      roundRobinFloor(50) - 1,
    )
    for (const v of visible) expect(p.fetch.has(v)).toBe(true)
    const taken = near.filter((x) => p.fetch.get(x) === 'near-rule')
    expect(taken).toEqual(near.slice(0, taken.length))
    // Not fetched and not screened clear: not judged this poll, and said so.
    expect([...p.deferredNear]).toEqual(near.filter((x) => !p.fetch.has(x)))
    for (const x of p.deferredNear) expect(p.screened.has(x)).toBe(false)
  })

  it('property: on any day, however many symbols near a rule, a poll with no alert under way fetches at most the budget', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 51, max: 400 }),
        fc.array(fc.integer({ min: -30, max: 5 }), { minLength: 400, maxLength: 400 }),
        fc.array(fc.nat(399), { maxLength: 40 }),
        (n, moves, visible) => {
          const base = input(n, { visible: new Set(visible.map((i) => `S${i % n}`)) })
          const s = new Map(
            base.symbols.map((x, i) => [
              x,
              { assetType: 'stock' as const, series: series(moves[i]!) },
            ]),
          )
          return planPoll({ ...base, series: s }).fetch.size <= 50
        },
      ),
      { numRuns: 50 },
    )
  })

  it('bulk failed: no screening; alert-relevant first, then the oldest, within the budget', () => {
    const cached = new Map<string, CachedDetail>(
      Array.from({ length: 1000 }, (_, i) => [
        `S${i}`,
        { detail: null, fetchedAt: new Date(NOW.getTime() - (1000 - i) * 60_000).toISOString() },
      ]),
    )
    const p = planPoll(input(1000, { series: new Map(), cached, alertRelevant: new Set(['S999']) }))
    expect(p.screened.size).toBe(0)
    expect(p.fetch.size).toBe(50)
    expect([...p.fetch.keys()][0]).toBe('S999')
    expect([...p.fetch.keys()].slice(1)).toEqual(Array.from({ length: 49 }, (_, i) => `S${i}`))
  })

  it('property: whatever else is due each poll, no detail gets older than the bound', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 51, max: 150 }),
        fc.integer({ min: 10, max: 50 }),
        fc.array(fc.array(fc.nat(149), { maxLength: 60 }), { minLength: 30, maxLength: 30 }),
        fc.array(fc.nat(149), { maxLength: 30 }),
        (n, budget, mustPerPoll, visible) => {
          const interval = 5 * 60_000
          const bound = detailAgeBoundMs(n, budget, interval)
          const base = input(n, { budget, visible: new Set(visible.map((i) => `S${i % n}`)) })
          const fetchedAt = new Map<string, number>()
          const start = NOW.getTime()
          for (let poll = 0; poll < 3 * Math.ceil(n / roundRobinFloor(budget)); poll++) {
            const t = start + poll * interval
            const cached = new Map<string, CachedDetail>(
              base.symbols.map((s) => {
                const at = fetchedAt.get(s)
                return [
                  s,
                  { detail: null, fetchedAt: at === undefined ? null : new Date(at).toISOString() },
                ]
              }),
            )
            const must = new Set((mustPerPoll[poll % 30] ?? []).map((i) => `S${i % n}`))
            const p = planPoll({ ...base, cached, alertRelevant: must, now: new Date(t) })
            for (const s of p.fetch.keys()) fetchedAt.set(s, t)
            for (const s of base.symbols) {
              // Age just before the next poll, counting from the first poll for a never-fetched one.
              const age = t + interval - (fetchedAt.get(s) ?? start)
              if (age > bound) return false
            }
          }
          return true
        },
      ),
      { numRuns: 25 },
    )
  }, 60_000)

  it('the round robin goes by the last attempt: a detail tried and failed last poll waits its turn', () => {
    const old = new Date(NOW.getTime() - DAY).toISOString()
    const recent = new Date(NOW.getTime() - 60_000).toISOString()
    const earlier = new Date(NOW.getTime() - 120_000).toISOString()
    const cached = new Map<string, CachedDetail>(
      Array.from({ length: 1000 }, (_, i) => [`S${i}`, { detail: null, fetchedAt: earlier }]),
    )
    for (let i = 0; i < 20; i++)
      cached.set(`S${i}`, { detail: null, fetchedAt: old, attempt: { at: recent, error: gone } })
    cached.set('S500', { detail: null, fetchedAt: old })
    const p = planPoll(input(1000, { cached }))
    expect(p.fetch.get('S500')).toBe('round-robin')
    for (let i = 0; i < 20; i++) expect(p.fetch.has(`S${i}`)).toBe(false)
  })

  it('symbols missing from the bulk beyond the budget take turns too: those tried last wait', () => {
    const base = input(1000)
    const series = new Map(base.series)
    const missing = Array.from({ length: 100 }, (_, i) => `S${900 + i}`)
    for (const s of missing) series.delete(s)
    const recent = new Date(NOW.getTime() - 60_000).toISOString()
    const earlier = new Date(NOW.getTime() - 120_000).toISOString()
    const cached = new Map<string, CachedDetail>(
      base.symbols.map((s) => [s, { detail: null, fetchedAt: earlier }]),
    )
    // The first 60 missing ones were tried (and failed) last poll: the other 40 go first now.
    for (const s of missing.slice(0, 60))
      cached.set(s, { detail: null, fetchedAt: null, attempt: { at: recent, error: gone } })
    const p = planPoll({ ...base, series, cached })
    const chosen = missing.filter((s) => p.fetch.has(s))
    expect(chosen.length).toBeGreaterThanOrEqual(40)
    expect(chosen.slice(0, 40)).toEqual(missing.slice(60))
  })

  it('property: details that always fail take their turn only; every other detail stays within the bound', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 51, max: 150 }),
        fc.integer({ min: 10, max: 50 }),
        fc.uniqueArray(fc.nat(149), { minLength: 1, maxLength: 60 }),
        fc.array(fc.array(fc.nat(149), { maxLength: 60 }), { minLength: 30, maxLength: 30 }),
        (n, budget, failingIdx, mustPerPoll) => {
          const interval = 5 * 60_000
          const bound = detailAgeBoundMs(n, budget, interval)
          const base = input(n, { budget })
          const failing = new Set(failingIdx.map((i) => `S${i % n}`))
          const start = NOW.getTime()
          const fetchedAt = new Map<string, number>()
          const triedAt = new Map<string, number>()
          const iso = (t: number | undefined): string | null =>
            t === undefined ? null : new Date(t).toISOString()
          for (let poll = 0; poll < 3 * Math.ceil(n / roundRobinFloor(budget)); poll++) {
            const t = start + poll * interval
            const cached = new Map<string, CachedDetail>(
              base.symbols.map((s) => {
                const tried = triedAt.get(s)
                const attempt =
                  tried === undefined
                    ? undefined
                    : {
                        at: iso(tried)!,
                        error: failing.has(s) ? gone : null,
                      }
                return [s, { detail: null, fetchedAt: iso(fetchedAt.get(s)), attempt }]
              }),
            )
            const must = new Set((mustPerPoll[poll % 30] ?? []).map((i) => `S${i % n}`))
            const p = planPoll({ ...base, cached, alertRelevant: must, now: new Date(t) })
            for (const s of p.fetch.keys()) {
              triedAt.set(s, t)
              if (!failing.has(s)) fetchedAt.set(s, t)
            }
            for (const s of base.symbols) {
              const last = failing.has(s) ? triedAt.get(s) : fetchedAt.get(s)
              if (t + interval - (last ?? start) > bound) return false
            }
          }
          return true
        },
      ),
      { numRuns: 25 },
    )
  }, 60_000)
})
