// What one poll records per symbol, taken only from asset details this poll fetched and validated
// (never a cached stand-in, never the bulk screen's figures), and how its split is stored.
import type { AssetDetail, AssetType } from '../../../shared/liquidity-schemas'
import { newestDate } from '../../../shared/data-date'
import type { FetchResult } from '../poll/fetch-types'

export interface IssuerPart {
  issuer: string
  tvl: number
  volume: number
  networks: NetworkPart[]
}

export interface NetworkPart {
  network: string
  tvl: number
  /** Pool entries listed for the issuer on that network (pool fields are unspecified: counted). */
  pools: number
}

/** One symbol's snapshot of one poll. */
export interface HistoryEntry {
  symbol: string
  tvl: number
  volume: number
  /** The underlying's price (marketData.tradfiAssetPrice) as the service gave it; 0 means unknown. */
  price: number
  onChainMarketCap: number
  /** The service's newest daily-series date for the symbol in this poll's fresh analytics, else null. */
  seriesDate: string | null
  issuers: IssuerPart[]
}

export function entryOf(detail: AssetDetail, seriesDate: string | null): HistoryEntry {
  return {
    symbol: detail.symbol,
    tvl: detail.totalTvl,
    volume: detail.totalVolume,
    price: detail.marketData.tradfiAssetPrice,
    onChainMarketCap: detail.marketData.onChainMarketCap,
    seriesDate,
    issuers: detail.issuers.map((i) => ({
      issuer: i.name,
      tvl: i.totalTvl,
      volume: i.totalVolume,
      networks: i.networks.map((n) => ({ network: n.network, tvl: n.tvl, pools: n.pools.length })),
    })),
  }
}

/** The poll's fresh, validated details (in a tiered poll: only the details it fetched). */
export function entriesFromPoll(f: Pick<FetchResult, 'snapshots' | 'stock'>): HistoryEntry[] {
  const out: HistoryEntry[] = []
  for (const s of f.snapshots) {
    if (s.detail === null || s.fromCache || s.error !== null || s.screen !== null) continue
    const analytics = f.stock.get(s.detail.assetType as AssetType)
    const series =
      analytics?.data && !analytics.fromCache
        ? analytics.data.data.find((d) => d.symbol === s.symbol)?.series
        : undefined
    out.push(entryOf(s.detail, series ? newestDate(series) : null))
  }
  return out
}

/** Stored form of the split: [issuer, tvl, volume, [[network, tvl, pools], …]][] (compact JSON). */
type StoredParts = [string, number, number, [string, number, number][]][]

export function encodeParts(issuers: readonly IssuerPart[]): string {
  const parts: StoredParts = issuers.map((i) => [
    i.issuer,
    i.tvl,
    i.volume,
    i.networks.map((n) => [n.network, n.tvl, n.pools]),
  ])
  return JSON.stringify(parts)
}

export function decodeParts(text: string): IssuerPart[] {
  const parts = JSON.parse(text) as StoredParts
  return parts.map(([issuer, tvl, volume, networks]) => ({
    issuer,
    tvl,
    volume,
    networks: networks.map(([network, ntvl, pools]) => ({ network, tvl: ntvl, pools })),
  }))
}
