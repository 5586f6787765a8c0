// Change and concentration math on one asset detail; the numbers alert rules are judged on.
// The change itself is shared with the renderer: src/shared/change.ts.
import type { AssetDetail } from '../../../../shared/liquidity-schemas'
import { hhiOf } from '../../../../shared/hhi'
import type { ChangeInfo } from '../../../../shared/view-models'
import { formatSignedPct } from '../text/format'

/**
 * The reported figure as a percent, for people. Its unit is unspecified; the spec calls it a decimal
 * number and the services we know send fractions, so |x| ≤ 1 reads as a fraction (0.02 → 2 %) and
 * anything larger as a percent already.
 */
export function reportedPct(reported: number): number {
  return Math.abs(reported) <= 1 ? reported * 100 : reported
}

/** "figures disagree: service says +2.0 %, history says −30.1 %"; null when they agree. */
export function disagreement(change: ChangeInfo): string | null {
  if (change.verified) return null
  const said = formatSignedPct(reportedPct(change.reported))
  return `figures disagree: service says ${said}, history says ${formatSignedPct(change.pct)}`
}

export interface LargestShare {
  /** Issuer name or network id. */
  name: string
  /** Share of the summed parts, in percent. */
  sharePct: number
  tvl: number
  total: number
  /** Herfindahl–Hirschman index of the same parts (0–10 000; shared/hhi.ts). */
  hhi: number
}

/**
 * The largest issuer's or network's share of TVL, and the HHI of all of them. Shares are of the sum of the parts (not totalTvl)
 * so they add up to 100 % even if the service's total disagrees. A network counts once across issuers.
 * null when there are no parts or they sum to 0.
 */
export function largestShare(
  detail: AssetDetail,
  by: 'issuer' | 'network',
  /** Parts missing from the detail, counted at an estimated TVL (like-for-like shares). */
  extra: readonly { issuer: string; network: string; tvl: number }[] = [],
): LargestShare | null {
  const parts = new Map<string, number>()
  for (const issuer of detail.issuers) {
    if (by === 'issuer') {
      parts.set(issuer.name, (parts.get(issuer.name) ?? 0) + issuer.totalTvl)
      continue
    }
    for (const n of issuer.networks) parts.set(n.network, (parts.get(n.network) ?? 0) + n.tvl)
  }
  for (const e of extra) {
    const name = by === 'issuer' ? e.issuer : e.network
    parts.set(name, (parts.get(name) ?? 0) + e.tvl)
  }
  let total = 0
  let best: { name: string; tvl: number } | null = null
  for (const [name, tvl] of parts) {
    total += tvl
    if (best === null || tvl > best.tvl) best = { name, tvl }
  }
  // A sum that overflowed says nothing about shares.
  const hhi = hhiOf(parts.values())
  if (best === null || hhi === null || !(total > 0) || !Number.isFinite(total)) return null
  return { name: best.name, tvl: best.tvl, total, sharePct: (best.tvl / total) * 100, hhi }
}
