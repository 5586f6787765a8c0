// The asset's networks over all issuers: the network split chart and table, and its CSV.
import type { IssuerEntry } from '../../../../shared/liquidity-schemas'

export interface NetworkTotal {
  network: string
  tvl: number
  pools: number
  /** Issuers with a token on this network. */
  issuers: string[]
}

/** One entry per network, summed over issuers, largest TVL first (ties by name). */
export function networkTotals(issuers: readonly IssuerEntry[]): NetworkTotal[] {
  const by = new Map<string, NetworkTotal>()
  for (const issuer of issuers) {
    for (const net of issuer.networks) {
      const t = by.get(net.network) ?? { network: net.network, tvl: 0, pools: 0, issuers: [] }
      t.tvl += net.tvl
      t.pools += net.pools.length
      t.issuers.push(issuer.name)
      by.set(net.network, t)
    }
  }
  return [...by.values()].sort((a, b) => b.tvl - a.tvl || a.network.localeCompare(b.network))
}

/** A part of a whole (0 when the whole is 0). */
export const shareOf = (v: number, total: number): number => (total > 0 ? v / total : 0)
