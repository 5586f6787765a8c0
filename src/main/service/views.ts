// Response bodies built from the model. Every total is a sum of the parts it is shown with.
import type { AssetType, Slice } from './catalog-types'
import { assetPrice, dayIndex, isoDay } from './generator'
import { groupSum, type DataModel } from './model'
import { buildPools, type PoolBody } from './pools'
import { hash32 } from './hash'

interface HistoryEntry {
  tvl: number
  tvlChange: number
}
export interface AssetDetailBody {
  symbol: string
  name: string
  assetType: AssetType
  totalTvl: number
  totalVolume: number
  history: { '7d': HistoryEntry; '30d': HistoryEntry }
  issuers: {
    name: string
    tokenSymbol: string
    totalTvl: number
    totalVolume: number
    networks: { network: string; tvl: number; pools: PoolBody[] }[]
  }[]
  marketData: { onChainMarketCap: number; tradfiAssetPrice: number }
}

export interface Point {
  date: string
  tvl: number
  volume: number
}
export interface TotalPoint extends Point {
  poolCount: number
}

/** Change as a fraction (-0.25 = a quarter lower), rounded to 6 decimals; 0 when the base is 0. */
function change(from: number, to: number): number {
  return from === 0 ? 0 : Math.round((to / from - 1) * 1e6) / 1e6
}

/** The instant a symbol's data is shown as of: now, or earlier when a scenario froze it. */
function dataMs(model: DataModel, symbol: string, nowMs: number): number {
  return Math.min(nowMs, model.overlay.frozenAt(symbol) ?? nowMs)
}

/** Caller has checked that the symbol exists. */
export function assetDetail(model: DataModel, symbol: string, requestMs: number): AssetDetailBody {
  const { catalog, overlay } = model
  const nowMs = dataMs(model, symbol, requestMs)
  const asset = catalog.bySymbol.get(symbol)
  if (!asset) throw new Error(`unknown symbol ${symbol}`)
  const missing = overlay.missingIssuers(symbol)
  const slices = (catalog.slicesBySymbol.get(symbol) ?? []).filter((s) => !missing.has(s.issuer))
  const today = dayIndex(nowMs)
  const live = model.at(nowMs)

  const issuers: AssetDetailBody['issuers'] = []
  for (const sl of slices) {
    let entry = issuers.find((i) => i.name === sl.issuer)
    if (!entry) {
      entry = {
        name: sl.issuer,
        tokenSymbol: sl.tokenSymbol,
        totalTvl: 0,
        totalVolume: 0,
        networks: [],
      }
      issuers.push(entry)
    }
    const tvl = live.tvl[sl.index] as number
    const volume = live.volume[sl.index] as number
    entry.networks.push({
      network: sl.network,
      tvl,
      pools: buildPools(sl, tvl, volume, live.pools[sl.index] as number),
    })
    entry.totalTvl += tvl
    entry.totalVolume += volume
  }

  const totalTvl = issuers.reduce((s, i) => s + i.totalTvl, 0)
  const totalVolume = issuers.reduce((s, i) => s + i.totalVolume, 0)
  // The key names the issuers left out, so a detail without them is summed separately.
  const gone = overlay.missingIssuers(symbol, true)
  const past = (catalog.slicesBySymbol.get(symbol) ?? []).filter((s) => !gone.has(s.issuer))
  const key = `detail:${symbol}:${[...gone].sort().join(',')}`
  const tvl7 = groupSum(model.forDay(today - 7, nowMs), key, past).tvl
  const tvl30 = groupSum(model.forDay(today - 30, nowMs), key, past).tvl
  // On-chain supply is a stable multiple of the liquidity it trades against.
  const capMultiple = 2.5 + (hash32(slices[0]?.seed ?? 0, 7) % 350) / 100
  return {
    symbol,
    name: asset.name,
    assetType: asset.assetType,
    totalTvl,
    totalVolume,
    history: {
      '7d': {
        tvl: tvl7,
        tvlChange: overlay.reportedChange(symbol, '7d') ?? change(tvl7, totalTvl),
      },
      '30d': {
        tvl: tvl30,
        tvlChange: overlay.reportedChange(symbol, '30d') ?? change(tvl30, totalTvl),
      },
    },
    issuers,
    marketData: {
      onChainMarketCap: Math.round(totalTvl * capMultiple),
      tradfiAssetPrice:
        Math.round(assetPrice(asset, nowMs) * overlay.priceFactor(symbol, nowMs) * 100) / 100,
    },
  }
}

/** Dates of a `days`-point series ending today (oldest first). */
function seriesDays(days: number, nowMs: number): number[] {
  const today = dayIndex(nowMs)
  return Array.from({ length: days }, (_, k) => today - (days - 1) + k)
}

function series(
  model: DataModel,
  key: string,
  slices: Slice[],
  days: number,
  nowMs: number,
): Point[] {
  return seriesDays(days, nowMs).map((day) => {
    const g = groupSum(model.forDay(day, nowMs), key, slices)
    return { date: isoDay(day), tvl: g.tvl, volume: g.volume }
  })
}

function slicesOfType(model: DataModel, assetType: AssetType): Slice[] {
  return model.catalog.slices.filter((s) => s.asset.assetType === assetType)
}

export function analyticsTotal(
  model: DataModel,
  assetType: AssetType,
  days: number,
  nowMs: number,
) {
  const slices = slicesOfType(model, assetType)
  const points: TotalPoint[] = seriesDays(days, nowMs).map((day) => {
    const g = groupSum(model.forDay(day, nowMs), `type:${assetType}`, slices)
    return { date: isoDay(day), tvl: g.tvl, volume: g.volume, poolCount: g.pools }
  })
  return { groupBy: 'total' as const, days, series: points }
}

/** symbol, when given, has been checked to be an asset of this type. */
export function analyticsStock(
  model: DataModel,
  assetType: AssetType,
  days: number,
  nowMs: number,
  symbol?: string,
) {
  const assets = model.catalog.assets.filter(
    (a) => a.assetType === assetType && (symbol === undefined || a.symbol === symbol),
  )
  const data = assets.map((a) => ({
    symbol: a.symbol,
    series: series(
      model,
      `symbol:${a.symbol}`,
      model.catalog.slicesBySymbol.get(a.symbol) ?? [],
      days,
      dataMs(model, a.symbol, nowMs),
    ),
  }))
  return { groupBy: 'stock' as const, days, data }
}

/** issuer, when given, has been checked to issue assets of this type. */
export function analyticsIssuer(
  model: DataModel,
  assetType: AssetType,
  days: number,
  nowMs: number,
  issuer?: string,
) {
  const slices = slicesOfType(model, assetType)
  const names = [...new Set(slices.map((s) => s.issuer))].filter(
    (n) => issuer === undefined || n === issuer,
  )
  const data = names.map((name) => ({
    issuer: name,
    series: series(
      model,
      `issuer:${name}:${assetType}`,
      slices.filter((s) => s.issuer === name),
      days,
      nowMs,
    ),
  }))
  return { groupBy: 'issuer' as const, days, data }
}
