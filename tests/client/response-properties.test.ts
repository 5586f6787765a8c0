// Property tests for the response checks (schema + sanity bounds): whatever an answer holds —
// wrong types, huge numbers, NaN-like strings, deep nesting, prototype keys — parsing either
// refuses it as invalid-response with a plain sentence, or returns a value that holds no
// NaN/Infinity and satisfies every bound. The bounds are re-stated here independently.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LiquidityError } from '../../src/shared/errors'
import type { GroupBy } from '../../src/shared/liquidity-schemas'
import { parseAnalytics, parseAssetDetail } from '../../src/shared/parse'

const NOW = Date.parse('2025-11-05T12:00:00Z')
const DAY = 86_400_000
const ASKED_DAYS = 30

// ---- hostile building blocks -------------------------------------------------------------------

const hostileNumber = fc.oneof(
  fc.double(), // includes NaN, ±Infinity, -0
  fc.constantFrom(1e308, 1e300, 1e15 + 1, -1, -0, Number.MAX_SAFE_INTEGER, 2 ** 53 + 1, 0.1),
)
const hostileString = fc.oneof(
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e999', '', ' ', '0x10', 'null', '12'),
  fc.string({ maxLength: 12 }),
)
const protoKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf')
/** {a:{a:…}} or [[…]] nested up to 200 levels. */
const deep = fc.tuple(fc.integer({ min: 1, max: 200 }), fc.boolean()).map(([n, arr]) => {
  let v: unknown = 1
  for (let i = 0; i < n; i++) v = arr ? [v] : { a: v }
  return v
})
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  hostileNumber,
  hostileString,
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  deep,
  fc.dictionary(fc.oneof(protoKey, fc.string({ maxLength: 4 })), fc.jsonValue({ maxDepth: 2 }), {
    maxKeys: 3,
  }),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
)
/** Mostly plausible, sometimes hostile: enough good answers get through to test what is accepted. */
const often = <T>(good: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 6, arbitrary: good }, { weight: 1, arbitrary: hostile })

const money = often(fc.double({ min: 0, max: 1e12, noNaN: true }))
const isoOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10)
const plausibleDay = fc.integer({ min: Math.floor(NOW / DAY) - 40, max: Math.floor(NOW / DAY) + 2 })
const badDate = fc.constantFrom('2025-02-30', '1925-01-01', '2999-12-31', '2025-13-01', '2025-1-1')

/** Days between points: mostly forward, sometimes 0 (a repeated date). */
const step = fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 3 }) }, fc.constant(0))
/** Dates from a start day and steps, sometimes replaced by bad ones. */
function series(withPoolCount: boolean): fc.Arbitrary<unknown> {
  return fc.tuple(plausibleDay, fc.array(step, { maxLength: 35 })).chain(([start, steps]) => {
    let day = start
    const days = [start, ...steps.map((s) => (day += s))]
    return fc.tuple(
      ...days.map((d) =>
        fc.record({
          date: fc.oneof({ weight: 12, arbitrary: fc.constant(isoOf(d * DAY)) }, badDate, hostile),
          tvl: money,
          volume: money,
          ...(withPoolCount ? { poolCount: often(fc.nat(500)) } : {}),
        }),
      ),
    )
  })
}
const days = often(fc.constant(ASKED_DAYS))
const bodyWithExtra = (body: fc.Arbitrary<Record<string, unknown>>) =>
  fc
    .tuple(body, fc.option(fc.tuple(fc.oneof(protoKey, fc.string()), hostile)))
    .map(([b, extra]) => {
      // defineProperty: a "__proto__" key as JSON.parse would create it (an own field).
      if (extra) Object.defineProperty(b, extra[0], { value: extra[1], enumerable: true })
      return b
    })

const assetBody = bodyWithExtra(
  fc.record({
    symbol: often(fc.constantFrom('TSLA', 'TSLA', 'NVDA')),
    assetType: often(fc.constant('stock')),
    totalTvl: money,
    totalVolume: money,
    history: often(
      fc.record({
        '7d': fc.record({
          tvl: money,
          tvlChange: often(fc.double({ min: -1, max: 10, noNaN: true })),
        }),
        '30d': fc.record({
          tvl: money,
          tvlChange: often(fc.double({ min: -1, max: 10, noNaN: true })),
        }),
      }),
    ),
    issuers: often(
      fc.array(
        fc.record({
          name: often(fc.constant('Backed')),
          tokenSymbol: often(fc.constant('bTSLA')),
          totalTvl: money,
          totalVolume: money,
          networks: often(
            fc.array(
              fc.record({
                network: fc.constant('ethereum'),
                tvl: money,
                pools: often(fc.array(fc.dictionary(fc.string(), hostile, { maxKeys: 2 }))),
              }),
              { maxLength: 2 },
            ),
          ),
        }),
        { maxLength: 2 },
      ),
    ),
    marketData: often(fc.record({ onChainMarketCap: money, tradfiAssetPrice: money })),
  }),
)

const analyticsBody: Record<GroupBy, fc.Arbitrary<Record<string, unknown>>> = {
  total: bodyWithExtra(
    fc.record({ groupBy: often(fc.constant('total')), days, series: series(true) }),
  ),
  stock: bodyWithExtra(
    fc.record({
      groupBy: often(fc.constant('stock')),
      days,
      data: often(
        fc.array(
          fc.record({
            symbol: often(fc.constantFrom('TSLA', 'TSLA', 'NVDA')),
            series: series(false),
          }),
          { maxLength: 2 },
        ),
      ),
    }),
  ),
  issuer: bodyWithExtra(
    fc.record({
      groupBy: often(fc.constant('issuer')),
      days,
      data: often(
        fc.array(fc.record({ issuer: often(fc.constant('Backed')), series: series(false) }), {
          maxLength: 2,
        }),
      ),
    }),
  ),
}

// ---- the bounds, stated independently of the implementation ------------------------------------

function finiteEverywhere(v: unknown, depth = 0): boolean {
  if (depth > 100) return false
  if (typeof v === 'number') return Number.isFinite(v)
  if (typeof v !== 'object' || v === null) return true
  return Object.values(v).every((c) => finiteEverywhere(c, depth + 1))
}

const isMoney = (n: unknown): boolean => typeof n === 'number' && n >= 0 && n <= 1e15

function seriesHolds(
  points: Array<{ date: string; tvl: number; volume: number }>,
  d: number,
): boolean {
  if (points.length > d + 1) return false
  let prev = -Infinity
  for (const p of points) {
    const t = Date.parse(`${p.date}T00:00:00Z`)
    if (!Number.isFinite(t) || isoOf(t) !== p.date) return false // a real calendar day
    if (t <= prev || t < Date.parse('2009-01-01') || t > NOW + 2 * DAY) return false
    if (!isMoney(p.tvl) || !isMoney(p.volume)) return false
    prev = t
  }
  return true
}

function refusedPlainly(e: unknown): boolean {
  return (
    e instanceof LiquidityError &&
    e.kind === 'invalid-response' &&
    /^The service .+/.test(e.message) &&
    // Words for people: no zod jargon, no stringified objects.
    !/\[object |Invalid input|received /.test(e.message)
  )
}

/** Runs parse; true when accepted (the caller then checks the value), false when refused properly. */
function outcome<T>(parse: () => T, holds: (v: T) => boolean): boolean {
  let v: T
  try {
    v = parse()
  } catch (e) {
    if (!refusedPlainly(e)) throw e
    return false
  }
  expect(finiteEverywhere(v)).toBe(true)
  expect(holds(v)).toBe(true)
  return true
}

// ---- properties --------------------------------------------------------------------------------

describe('response checks never crash and never let an implausible value through', () => {
  it('asset detail', () => {
    let accepted = 0
    fc.assert(
      fc.property(assetBody, (body) => {
        const ok = outcome(
          () => parseAssetDetail(body, { symbol: 'TSLA' }),
          (d) =>
            d.symbol === 'TSLA' &&
            [d.totalTvl, d.totalVolume, d.history['7d'].tvl, d.history['30d'].tvl].every(isMoney) &&
            [d.marketData.onChainMarketCap, d.marketData.tradfiAssetPrice].every(isMoney) &&
            d.issuers.every((i) => isMoney(i.totalTvl) && i.networks.every((n) => isMoney(n.tvl))),
        )
        if (ok) accepted++
      }),
      { numRuns: 300 },
    )
    expect(accepted).toBeGreaterThan(0)
  })

  it.each(['total', 'stock', 'issuer'] as const)('%s analytics', (groupBy) => {
    let accepted = 0
    fc.assert(
      fc.property(analyticsBody[groupBy], (body) => {
        const ok = outcome(
          () =>
            parseAnalytics(groupBy, body, {
              days: ASKED_DAYS,
              nowMs: NOW,
              symbol: groupBy === 'stock' ? 'TSLA' : undefined,
              issuer: groupBy === 'issuer' ? 'Backed' : undefined,
            }),
          (r) => {
            if (r.days !== ASKED_DAYS) return false
            if (r.groupBy === 'total') return seriesHolds(r.series, r.days)
            return (r.data as Array<{ series: never; symbol?: string; issuer?: string }>).every(
              (e) =>
                seriesHolds(e.series, r.days) &&
                (e.symbol ?? e.issuer) === (e.symbol ? 'TSLA' : 'Backed'),
            )
          },
        )
        if (ok) accepted++
      }),
      { numRuns: 300 },
    )
    expect(accepted).toBeGreaterThan(0)
  })

  it('any JSON text at all (including prototype keys and overflowing numbers)', () => {
    const text = fc.oneof(
      fc.json({ maxDepth: 4 }),
      fc.constantFrom(
        '{"__proto__":{"symbol":"TSLA"}}',
        '{"symbol":"TSLA","totalTvl":1e400}',
        '{"groupBy":"total","days":1,"series":[{"date":"2025-11-01","tvl":1e999,"volume":0,"poolCount":1}]}',
        '{"groupBy":"total","days":1,"series":[],"x":-1e400}',
        '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
      ),
    )
    fc.assert(
      fc.property(text, fc.constantFrom<GroupBy>('total', 'stock', 'issuer'), (t, groupBy) => {
        const value: unknown = JSON.parse(t)
        outcome(
          () => parseAssetDetail(value, { symbol: 'TSLA' }),
          () => true,
        )
        outcome(
          () => parseAnalytics(groupBy, value, { nowMs: NOW }),
          () => true,
        )
      }),
      { numRuns: 500 },
    )
    // Nothing leaked into the prototype every object shares.
    expect(Object.keys(Object.prototype)).toEqual([])
    expect(({} as Record<string, unknown>).symbol).toBeUndefined()
  })
})
