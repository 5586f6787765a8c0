// The demo data is realistic and self-consistent: sums hold, history matches the series,
// values are a deterministic function of the clock and drift during the day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AssetDetail } from '../../src/shared/liquidity-schemas'
import { parseAnalytics, parseAssetDetail } from '../../src/shared/parse'
import type { LocalService } from '../../src/dev-service/server'
import { ANALYTICS, ASSET, DAY, NOON, isoDate, ok, start, type TestClock } from './helpers'

let svc: LocalService & { clock: TestClock }
let stocks: string[]
let commodities: string[]
const details = new Map<string, AssetDetail>()

beforeAll(async () => {
  svc = await start()
  stocks = parseAnalytics('stock', await ok(svc, `${ANALYTICS}?groupBy=stock&days=1`)).data.map(
    (d) => d.symbol,
  )
  commodities = parseAnalytics(
    'stock',
    await ok(svc, `${ANALYTICS}?groupBy=stock&days=1&assetType=commodity`),
  ).data.map((d) => d.symbol)
  for (const s of [...stocks, ...commodities])
    details.set(s, parseAssetDetail(await ok(svc, `${ASSET}${s}`)))
})
afterAll(() => svc.close())

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0)

describe('catalog', () => {
  it('has ≥ 20 stocks, ≥ 3 commodities, ≥ 5 issuers and ≥ 5 lower-case networks', () => {
    expect(stocks.length).toBeGreaterThanOrEqual(20)
    expect(commodities.length).toBeGreaterThanOrEqual(3)
    const all = [...details.values()]
    expect(
      all
        .filter((d) => d.assetType === 'commodity')
        .map((d) => d.symbol)
        .sort(),
    ).toEqual([...commodities].sort())
    const issuers = new Set(all.flatMap((d) => d.issuers.map((i) => i.name)))
    expect(issuers.size).toBeGreaterThanOrEqual(5)
    const networks = new Set(
      all.flatMap((d) => d.issuers.flatMap((i) => i.networks.map((n) => n.network))),
    )
    expect(networks.size).toBeGreaterThanOrEqual(5)
    for (const n of networks) expect(n).toBe(n.toLowerCase())
  })

  it('gives each issuer its own token symbol, and not every issuer lists every asset', () => {
    const counts = new Set<number>()
    for (const d of details.values()) {
      const tokens = d.issuers.map((i) => i.tokenSymbol)
      expect(new Set(tokens).size).toBe(tokens.length)
      expect(tokens.every((t) => t !== d.symbol)).toBe(true)
      counts.add(d.issuers.length)
    }
    expect(counts.size).toBeGreaterThan(1)
  })

  it('gives pools plausible fields', () => {
    const pools = [...details.values()].flatMap((d) =>
      d.issuers.flatMap((i) => i.networks.flatMap((n) => n.pools)),
    )
    expect(pools.length).toBeGreaterThan(100)
    for (const p of pools) {
      expect(typeof p.address).toBe('string')
      expect(typeof p.dex).toBe('string')
      expect(p.pair).toMatch(/^\S+\/\S+$/)
      expect([0.0005, 0.003, 0.01]).toContain(p.feeTier)
      expect(p.tvl).toBeGreaterThanOrEqual(0)
      expect(p.volume24h).toBeGreaterThanOrEqual(0)
    }
  })
})

describe('asset detail invariants', () => {
  it('totals equal the sums of issuers, networks and pools, exactly', () => {
    for (const d of details.values()) {
      const nets = d.issuers.flatMap((i) => i.networks)
      expect(d.totalTvl, d.symbol).toBe(sum(d.issuers.map((i) => i.totalTvl)))
      expect(d.totalTvl, d.symbol).toBe(sum(nets.map((n) => n.tvl)))
      expect(d.totalVolume, d.symbol).toBe(sum(d.issuers.map((i) => i.totalVolume)))
      for (const i of d.issuers) {
        expect(i.totalTvl).toBe(sum(i.networks.map((n) => n.tvl)))
        expect(i.totalVolume).toBe(
          sum(i.networks.flatMap((n) => n.pools.map((p) => p.volume24h as number))),
        )
        for (const n of i.networks) expect(n.tvl).toBe(sum(n.pools.map((p) => p.tvl as number)))
      }
      expect(d.totalTvl).toBeGreaterThan(0)
      expect(d.marketData.onChainMarketCap).toBeGreaterThan(d.totalTvl)
      expect(d.marketData.tradfiAssetPrice).toBeGreaterThan(0)
    }
  })

  it('history 7d/30d equal the series at today−7/−30 and tvlChange is a fraction', async () => {
    for (const symbol of ['TSLA', 'SPY', 'HOOD', 'GOLD', 'OIL']) {
      const d = details.get(symbol) as AssetDetail
      const type = d.assetType
      const body = parseAnalytics(
        'stock',
        await ok(svc, `${ANALYTICS}?groupBy=stock&symbol=${symbol}&assetType=${type}&days=31`),
      )
      const series = body.data[0]?.series ?? []
      const at = (ms: number) => series.find((p) => p.date === isoDate(ms))
      expect(d.history['7d'].tvl).toBe(at(NOON - 7 * DAY)?.tvl)
      expect(d.history['30d'].tvl).toBe(at(NOON - 30 * DAY)?.tvl)
      expect(series.at(-1)).toEqual({ date: isoDate(NOON), tvl: d.totalTvl, volume: d.totalVolume })
      for (const w of ['7d', '30d'] as const) {
        expect(d.history[w].tvlChange).toBeCloseTo(d.totalTvl / d.history[w].tvl - 1, 5)
        expect(Math.abs(d.history[w].tvlChange)).toBeLessThan(1)
      }
    }
  })
})

describe('analytics invariants', () => {
  it.each(['stock', 'commodity'])(
    'total = Σ per-symbol series = Σ per-issuer series (%s)',
    async (type) => {
      const q = `days=365&assetType=${type}`
      const total = parseAnalytics('total', await ok(svc, `${ANALYTICS}?groupBy=total&${q}`))
      const bySym = parseAnalytics('stock', await ok(svc, `${ANALYTICS}?groupBy=stock&${q}`))
      const byIss = parseAnalytics('issuer', await ok(svc, `${ANALYTICS}?groupBy=issuer&${q}`))
      expect(total.series).toHaveLength(365)
      total.series.forEach((p, k) => {
        expect(sum(bySym.data.map((d) => d.series[k]?.tvl ?? NaN))).toBe(p.tvl)
        expect(sum(bySym.data.map((d) => d.series[k]?.volume ?? NaN))).toBe(p.volume)
        expect(sum(byIss.data.map((d) => d.series[k]?.tvl ?? NaN))).toBe(p.tvl)
        expect(bySym.data.every((d) => d.series[k]?.date === p.date)).toBe(true)
      })
    },
  )

  it("today's total poolCount counts the pools in the asset details", async () => {
    const total = parseAnalytics('total', await ok(svc, `${ANALYTICS}?days=1`))
    const pools = stocks.flatMap(
      (s) => details.get(s)?.issuers.flatMap((i) => i.networks.flatMap((n) => n.pools)) ?? [],
    )
    expect(total.series[0]?.poolCount).toBe(pools.length)
  })
})

describe('time', () => {
  it('is deterministic: two instances with the same clock serve identical bodies', async () => {
    const other = await start()
    try {
      for (const path of [
        `${ASSET}TSLA`,
        `${ASSET}GOLD`,
        `${ANALYTICS}?groupBy=stock&days=365`,
        `${ANALYTICS}?groupBy=issuer`,
      ]) {
        expect(await ok(other, path)).toEqual(await ok(svc, path))
      }
    } finally {
      await other.close()
    }
  })

  it('drifts during the day: later today differs, past days stay put', async () => {
    const other = await start()
    try {
      const read = async (ms: number) => {
        other.clock.set(ms)
        return {
          d: parseAssetDetail(await ok(other, `${ASSET}TSLA`)),
          s: parseAnalytics('total', await ok(other, `${ANALYTICS}?days=10`)),
        }
      }
      const morning = await read(NOON - 3 * 3600_000)
      const noon = await read(NOON)
      const minuteLater = await read(NOON + 60_000)
      expect(noon.d.totalTvl).not.toBe(morning.d.totalTvl)
      expect(minuteLater.d.totalTvl).not.toBe(noon.d.totalTvl)
      // Smooth: a minute moves TVL by well under 1 %.
      expect(Math.abs(minuteLater.d.totalTvl / noon.d.totalTvl - 1)).toBeLessThan(0.01)
      expect(noon.s.series.slice(0, -1)).toEqual(morning.s.series.slice(0, -1))
      expect(noon.s.series.at(-1)?.tvl).not.toBe(morning.s.series.at(-1)?.tvl)
      expect(noon.d.history['7d'].tvl).toBe(morning.d.history['7d'].tvl)
    } finally {
      await other.close()
    }
  })

  it('follows the injected clock across days; a past day keeps its value', async () => {
    const other = await start()
    try {
      other.clock.set(NOON + 3 * DAY)
      const s3 = parseAnalytics('total', await ok(other, `${ANALYTICS}?days=4`))
      expect(s3.series.map((p) => p.date)).toEqual([0, 1, 2, 3].map((k) => isoDate(NOON + k * DAY)))
      other.clock.set(NOON + 10 * DAY + 5 * 3600_000)
      const s10 = parseAnalytics('total', await ok(other, `${ANALYTICS}?days=11`))
      expect(s10.series.slice(0, 3)).toEqual(s3.series.slice(0, 3))
    } finally {
      await other.close()
    }
  })
})
