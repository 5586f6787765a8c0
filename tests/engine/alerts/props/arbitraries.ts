// fast-check arbitraries for the alert engine: service answers within what the schema accepts
// (also hostile: zero, tiny and huge amounts, totals that are not the sum of their parts, reported
// changes that disagree, issuers and networks that come and go), readings of every kind (fresh,
// cached, stale, failed, none), source dates fresh or stopped, rules of every condition, and daily
// series of volume (volume-change).
import fc from 'fast-check'
import { defaultRules, type AlertRule } from '../../../../src/shared/alert-rules'
import {
  assetDetailSchema,
  type AssetDetail,
  type SeriesPoint,
} from '../../../../src/shared/liquidity-schemas'
import type { Observation } from '../../../../src/main/engine/alerts/model'

export const SYMBOLS = ['TSLA', 'NVDA'] as const
const ISSUERS = ['Backed', 'Ondo', 'Dinari'] as const
const NETWORKS = ['ethereum', 'solana'] as const

/** Amounts the schema accepts, weighted to ordinary values but with hostile ones in. */
export const amount = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1_000, max: 2_000_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, 1e-300, 5e-324, 1e300, Number.MAX_VALUE) },
  { weight: 1, arbitrary: fc.double({ min: 0, max: 1e12, noNaN: true }) },
)

/** A reported tvlChange: consistent (as a fraction or a percent), or anything finite. */
const reported = fc.oneof(
  fc.constant<'fraction' | 'percent'>('fraction'),
  fc.constant<'fraction' | 'percent'>('percent'),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
)

const issuers = fc
  .subarray([...ISSUERS], { minLength: 0 })
  .chain((names) =>
    fc.tuple(
      ...names.map((name) =>
        fc
          .subarray([...NETWORKS], { minLength: 1 })
          .chain((nets) =>
            fc.tuple(
              fc.constant(name),
              fc.tuple(...nets.map((n) => fc.tuple(fc.constant(n), amount))),
            ),
          ),
      ),
    ),
  )

export interface DetailShape {
  issuers: [string, [string, number][]][]
  start7d: number
  start30d: number
  change7d: 'fraction' | 'percent' | number
  change30d: 'fraction' | 'percent' | number
  /** null: the sum of the parts; else a total the parts do not add up to. */
  total: number | null
}

export const detailShape: fc.Arbitrary<DetailShape> = fc.record({
  issuers,
  start7d: amount,
  start30d: amount,
  change7d: reported,
  change30d: reported,
  total: fc.option(amount, { freq: 8 }),
})

function change(kind: 'fraction' | 'percent' | number, start: number, total: number): number {
  if (typeof kind === 'number') return kind
  const frac = start === 0 ? 0 : (total - start) / start
  const value = kind === 'fraction' ? frac : frac * 100
  return Number.isFinite(value) ? value : 0
}

/** A detail that passes the service schema (so the engine must cope with it). */
export function buildDetail(symbol: string, s: DetailShape): AssetDetail {
  const list = s.issuers.map(([name, nets]) => {
    const networks = nets.map(([network, tvl]) => ({ network, tvl, pools: [] }))
    const sum = networks.reduce((a, n) => a + n.tvl, 0)
    return {
      name,
      tokenSymbol: `${symbol}x`,
      totalTvl: Number.isFinite(sum) ? sum : Number.MAX_VALUE,
      totalVolume: 1,
      networks,
    }
  })
  const parts = list.reduce((a, i) => a + i.totalTvl, 0)
  const total = s.total ?? (Number.isFinite(parts) ? parts : Number.MAX_VALUE)
  return assetDetailSchema.parse({
    symbol,
    assetType: 'stock',
    totalTvl: total,
    totalVolume: 1,
    history: {
      '7d': { tvl: s.start7d, tvlChange: change(s.change7d, s.start7d, total) },
      '30d': { tvl: s.start30d, tvlChange: change(s.change30d, s.start30d, total) },
    },
    issuers: list,
    marketData: { onChainMarketCap: total, tradfiAssetPrice: 1 },
  })
}

export type ReadingKind = 'good' | 'cached' | 'stale' | 'error' | 'nodata' | 'absent'
export const readingKind = fc.constantFrom<ReadingKind>(
  'good',
  'good',
  'good',
  'good',
  'cached',
  'stale',
  'error',
  'nodata',
  'absent',
)

export function observation(
  kind: ReadingKind,
  d: AssetDetail,
  at: string,
): Observation | undefined {
  switch (kind) {
    case 'good':
      return { detail: d, error: null, fromCache: false, fetchedAt: at, stale: false }
    case 'cached':
      return {
        detail: d,
        error: { kind: 'network', message: 'down' },
        fromCache: true,
        fetchedAt: at,
        stale: false,
      }
    case 'stale':
      return { detail: d, error: null, fromCache: true, fetchedAt: at, stale: true }
    case 'error':
      return {
        detail: null,
        error: { kind: 'timeout', message: 'timed out' },
        fromCache: false,
        fetchedAt: null,
        stale: false,
      }
    case 'nodata':
      return { detail: null, error: null, fromCache: false, fetchedAt: null, stale: false }
    case 'absent':
      return undefined
  }
}

/** Days before today of the newest series point, or none listed. */
export const sourceAge = fc.option(fc.integer({ min: 0, max: 6 }), { freq: 3 })

const base = defaultRules()[0] as AlertRule

export const ruleArb: fc.Arbitrary<AlertRule> = fc
  .record({
    condition: fc.oneof(
      fc.record({
        kind: fc.constant('tvl-change' as const),
        window: fc.constantFrom('7d' as const, '30d' as const),
        direction: fc.constantFrom('down' as const, 'up' as const),
        thresholdPct: fc.double({ min: 0.1, max: 1000, noNaN: true }),
      }),
      fc.record({
        kind: fc.constant('tvl-below' as const),
        amount: fc.double({ min: 1, max: 1e9, noNaN: true }),
      }),
      fc.record({
        kind: fc.constant('concentration' as const),
        by: fc.constantFrom('issuer' as const, 'network' as const),
        maxSharePct: fc.double({ min: 1, max: 100, noNaN: true }),
      }),
      fc.record({
        kind: fc.constant('volume-change' as const),
        direction: fc.constantFrom('down' as const, 'up' as const),
        thresholdPct: fc.double({ min: 0.1, max: 1000, noNaN: true }),
        baselineDays: fc.integer({ min: 2, max: 40 }),
      }),
    ),
    pendingCycles: fc.integer({ min: 1, max: 3 }),
    rearmMarginPct: fc.constantFrom(0, 2, 5),
    repeatHours: fc.constantFrom(0.25, 1, 24),
    notify: fc.constantFrom('every-time' as const, 'once' as const),
    cooldownMinutes: fc.constantFrom(0, 30, 60),
    notifyMissingIssuers: fc.boolean(),
  })
  .map((r) => ({ ...base, ...r }))

/**
 * A symbol's daily series up to the day before `end` (volume-change rules judge against it): days
 * missing here and there, volumes ordinary, zero or huge.
 */
export function dailySeriesArb(end: number): fc.Arbitrary<SeriesPoint[]> {
  return fc.array(fc.option(amount, { freq: 6 }), { maxLength: 45 }).map((volumes) =>
    volumes.flatMap((volume, i) => {
      if (volume === null) return []
      const date = new Date(end - (volumes.length - i) * 86_400_000).toISOString().slice(0, 10)
      return [{ date, tvl: 1_000_000, volume }]
    }),
  )
}
