// Change and concentration math on one asset detail (the change itself: src/shared/change.ts).
import type { AssetDetail } from '../../../../shared/liquidity-schemas'
import { hhiOf } from '../../../../shared/hhi'
import type { ChangeInfo } from '../../../../shared/view-models'
import { formatSignedPct } from '../text/format'

/** The reported figure (its unit unspecified) as a percent: |x| ≤ 1 reads as a fraction. */
function reportedPct(reported: number): number {
  return Math.abs(reported) <= 1 ? reported * 100 : reported
}

/** "figures disagree: service says +2.0 %, history says −30.1 %"; null when they agree. */
export function disagreement(change: ChangeInfo): string | null {
  if (change.verified) return null
  const said = formatSignedPct(reportedPct(change.reported))
  return `figures disagree: service says ${said}, history says ${formatSignedPct(change.pct)}`
}

/**
 * The largest issuer's or network's share of the summed parts (not totalTvl, which may disagree),
 * and the HHI of all of them; a network counts once across issuers. null when they sum to no TVL.
 */
export function largestShare(
  detail: AssetDetail,
  by: 'issuer' | 'network',
  /** Parts missing from the detail, counted at an estimated TVL (like-for-like shares). */
  extra: readonly { issuer: string; network: string; tvl: number }[] = [],
): { name: string; sharePct: number; hhi: number } | null {
  const parts = new Map<string, number>()
  const add = (name: string, tvl: number) => parts.set(name, (parts.get(name) ?? 0) + tvl)
  for (const issuer of detail.issuers)
    if (by === 'issuer') add(issuer.name, issuer.totalTvl)
    else for (const n of issuer.networks) add(n.network, n.tvl)
  for (const e of extra) add(by === 'issuer' ? e.issuer : e.network, e.tvl)
  let total = 0
  let best: { name: string; tvl: number } | null = null
  for (const [name, tvl] of parts) {
    total += tvl
    if (best === null || tvl > best.tvl) best = { name, tvl }
  }
  // A sum that overflowed says nothing about shares.
  const hhi = hhiOf(parts.values())
  if (best === null || hhi === null || !(total > 0) || !Number.isFinite(total)) return null
  return { name: best.name, sharePct: (best.tvl / total) * 100, hhi }
}
