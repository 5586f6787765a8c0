// The history's read side, for one data source: what other features ask of the app's own record
// (flow vs price now; issuer migration and share charts next). Times in and out are ms since epoch.
import type { DatabaseSync } from 'node:sqlite'
import { decodeParts, type IssuerPart } from './history-entry'

/** Totals and price of one recorded snapshot. */
export interface HistoryPoint {
  at: number
  tvl: number
  volume: number
  /** tradfiAssetPrice as recorded; 0 when the service gave none. */
  price: number
  onChainMarketCap: number
  seriesDate: string | null
}

/** A whole snapshot: totals plus the issuer × network split. */
export interface HistorySnapshot extends HistoryPoint {
  symbol: string
  issuers: IssuerPart[]
}

/** One part's TVL and share of the total split at one time. */
export interface SharePoint {
  at: number
  shares: { name: string; tvl: number; share: number }[]
}

interface Row {
  at: number
  tvl: number
  volume: number
  price: number | null
  market_cap: number | null
  series_date: string | null
  parts: string
}

const COLUMNS = 'at, tvl, volume, price, market_cap, series_date, parts'

function point(r: Row): HistoryPoint {
  return {
    at: r.at,
    tvl: r.tvl,
    volume: r.volume,
    price: r.price ?? 0,
    onChainMarketCap: r.market_cap ?? 0,
    seriesDate: r.series_date,
  }
}

/** TVL per name (issuer, or network summed over issuers) as shares of their sum. */
function shares(at: number, tvls: Map<string, number>): SharePoint {
  const total = [...tvls.values()].reduce((a, b) => a + b, 0)
  return {
    at,
    shares: [...tvls].map(([name, tvl]) => ({ name, tvl, share: total > 0 ? tvl / total : 0 })),
  }
}

export class HistoryReader {
  constructor(
    private readonly db: () => DatabaseSync | null,
    readonly source: string,
  ) {}

  private rows(symbol: string, from: number, to: number): Row[] {
    const db = this.db()
    if (db === null) return []
    return db
      .prepare(
        `SELECT ${COLUMNS} FROM snapshot
         WHERE source = ? AND symbol = ? AND at >= ? AND at <= ? ORDER BY at`,
      )
      .all(this.source, symbol, from, to) as unknown as Row[]
  }

  /** The newest snapshot of the symbol taken at or before `at`, or null (none recorded by then). */
  snapshotAtOrBefore(symbol: string, at: number): HistorySnapshot | null {
    const db = this.db()
    if (db === null) return null
    const r = db
      .prepare(
        `SELECT ${COLUMNS} FROM snapshot
         WHERE source = ? AND symbol = ? AND at <= ? ORDER BY at DESC LIMIT 1`,
      )
      .get(this.source, symbol, at) as Row | undefined
    return r ? { ...point(r), symbol, issuers: decodeParts(r.parts) } : null
  }

  /** The oldest snapshot of the symbol, or null: how far back its history reaches. */
  first(symbol: string): HistoryPoint | null {
    const db = this.db()
    if (db === null) return null
    const r = db
      .prepare(
        `SELECT ${COLUMNS} FROM snapshot WHERE source = ? AND symbol = ? ORDER BY at LIMIT 1`,
      )
      .get(this.source, symbol) as Row | undefined
    return r ? point(r) : null
  }

  /** Totals and price over [from, to], oldest first. */
  series(symbol: string, from: number, to: number): HistoryPoint[] {
    return this.rows(symbol, from, to).map(point)
  }

  /** Each issuer's TVL and share of the issuers' sum over [from, to], oldest first. */
  issuerShares(symbol: string, from: number, to: number): SharePoint[] {
    return this.rows(symbol, from, to).map((r) => {
      const tvls = new Map<string, number>()
      for (const i of decodeParts(r.parts)) tvls.set(i.issuer, (tvls.get(i.issuer) ?? 0) + i.tvl)
      return shares(r.at, tvls)
    })
  }

  /** Each network's TVL (summed over issuers) and share over [from, to], oldest first. */
  networkShares(symbol: string, from: number, to: number): SharePoint[] {
    return this.rows(symbol, from, to).map((r) => {
      const tvls = new Map<string, number>()
      for (const i of decodeParts(r.parts))
        for (const n of i.networks) tvls.set(n.network, (tvls.get(n.network) ?? 0) + n.tvl)
      return shares(r.at, tvls)
    })
  }
}
