// The ground truth of the soak: the twin service has the same clock and the same real-world
// scenarios as the faulty one, but no faults and no misreporting.
import type { LocalService } from '../../src/dev-service/server'

/** Each symbol's first issuer, which the issuer-level stories act on. */
export async function issuersOf(
  svc: LocalService,
  symbols: string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  for (const s of symbols) {
    const d = await fetchAsset(svc, s)
    const first = d?.issuers[0]?.name
    if (first) out.set(s, first)
  }
  return out
}

interface TruthDetail {
  totalTvl: number
  history: { '7d': { tvl: number } }
  issuers: { name: string }[]
}

async function fetchAsset(svc: LocalService, symbol: string): Promise<TruthDetail | null> {
  const res = await fetch(`${svc.url}/api/v0/liquidity/asset/${symbol}`, {
    headers: { Authorization: `Bearer ${svc.apiKey}` },
  })
  return res.ok ? ((await res.json()) as TruthDetail) : null
}

/** The real 7-day change, from the twin that has no faults and reports the world as it is. */
export async function truePct(svc: LocalService, symbol: string): Promise<number | null> {
  const d = await fetchAsset(svc, symbol)
  if (!d || !(d.history['7d'].tvl > 0)) return null
  return ((d.totalTvl - d.history['7d'].tvl) / d.history['7d'].tvl) * 100
}
