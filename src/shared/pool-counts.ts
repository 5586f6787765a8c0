// Pools of an asset per network, counted across its issuers. Pool fields are unspecified by the
// service, so pools are counted as entries, never read for their contents.
import type { AssetDetail, Pool } from './liquidity-schemas'

/** Network names are compared case-insensitively ("Ethereum" in a rule matches "ethereum"). */
export function networkKey(network: string): string {
  return network.trim().toLowerCase()
}

/** Pool entries per network (keyed by networkKey), summed over issuers. */
export function poolCountsByNetwork(detail: AssetDetail): Record<string, number> {
  const out: Record<string, number> = {}
  for (const issuer of detail.issuers)
    for (const n of issuer.networks) {
      const key = networkKey(n.network)
      out[key] = (out[key] ?? 0) + n.pools.length
    }
  return out
}

/** A pool field that is present and a finite number (fee tier, TVL…); else null. */
export function numericField(pool: Pool, field: string): number | null {
  const v = pool[field]
  return typeof v === 'number' && Number.isFinite(v) ? v : null
}
