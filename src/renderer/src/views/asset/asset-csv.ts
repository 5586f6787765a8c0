// The CSV tables behind the asset view's charts and lists (ExportMenu builds them when asked).
import type { IssuerEntry, SeriesPoint } from '../../../../shared/liquidity-schemas'
import type { CsvTable } from '../../lib/download'
import { networkTotals, shareOf } from './network-split'

export function seriesCsv(points: readonly SeriesPoint[]): CsvTable {
  return { header: ['date', 'tvl', 'volume'], rows: points.map((p) => [p.date, p.tvl, p.volume]) }
}

export function issuersCsv(issuers: readonly IssuerEntry[]): CsvTable {
  const tvl = issuers.reduce((s, i) => s + i.totalTvl, 0)
  const vol = issuers.reduce((s, i) => s + i.totalVolume, 0)
  return {
    header: ['issuer', 'token', 'tvl', 'tvlShare', 'volume', 'volumeShare'],
    rows: issuers.map((i) => [
      i.name,
      i.tokenSymbol,
      i.totalTvl,
      shareOf(i.totalTvl, tvl),
      i.totalVolume,
      shareOf(i.totalVolume, vol),
    ]),
  }
}

export function networksCsv(issuers: readonly IssuerEntry[]): CsvTable {
  const nets = networkTotals(issuers)
  const tvl = nets.reduce((s, n) => s + n.tvl, 0)
  const pools = nets.reduce((s, n) => s + n.pools, 0)
  return {
    header: ['network', 'tvl', 'tvlShare', 'pools', 'poolShare', 'issuers'],
    rows: nets.map((n) => [
      n.network,
      n.tvl,
      shareOf(n.tvl, tvl),
      n.pools,
      shareOf(n.pools, pools),
      n.issuers.join('; '),
    ]),
  }
}

/** Pool fields are unspecified: one column per field any pool has, in order of first sight. */
export function poolsCsv(issuers: readonly IssuerEntry[]): CsvTable {
  const keys: string[] = []
  const seen = new Set<string>()
  const rows: { issuer: string; network: string; n: number; pool: Record<string, unknown> }[] = []
  for (const issuer of issuers) {
    for (const net of issuer.networks) {
      net.pools.forEach((pool, n) => {
        for (const k of Object.keys(pool)) {
          if (seen.has(k)) continue
          seen.add(k)
          keys.push(k)
        }
        rows.push({ issuer: issuer.name, network: net.network, n: n + 1, pool })
      })
    }
  }
  const cell = (v: unknown): unknown =>
    v === null || v === undefined || typeof v !== 'object' ? v : JSON.stringify(v)
  return {
    header: ['issuer', 'network', 'pool', ...keys],
    rows: rows.map((r) => [r.issuer, r.network, r.n, ...keys.map((k) => cell(r.pool[k]))]),
  }
}
