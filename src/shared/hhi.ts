// The Herfindahl–Hirschman index of a split of TVL (issuers or networks) and its usual bands.
// HHI = Σ (share in percent)², from near 0 (many small parts) to 10 000 (one part holds all).
// Bands from the U.S. Department of Justice and Federal Trade Commission, Merger Guidelines
// (18 December 2023), §2.1: above 1 800 highly concentrated, 1 000 to 1 800 moderately
// concentrated, below 1 000 unconcentrated.
import type { AssetDetail } from './liquidity-schemas'
import { numberFormat, WORDING_STYLE } from './number-format'

export const HHI_MAX = 10_000
export const HHI_MODERATE_FROM = 1_000
export const HHI_HIGH_ABOVE = 1_800

export type HhiBand = 'unconcentrated' | 'moderately concentrated' | 'highly concentrated'

/** HHI of the parts' amounts (negative or non-finite ones count as 0); null when they sum to 0. */
export function hhiOf(amounts: Iterable<number>): number | null {
  const parts = [...amounts].map((a) => (Number.isFinite(a) && a > 0 ? a : 0))
  const total = parts.reduce((s, a) => s + a, 0)
  if (!(total > 0) || !Number.isFinite(total)) return null
  return parts.reduce((s, a) => s + ((a / total) * 100) ** 2, 0)
}

export function hhiBand(hhi: number): HhiBand {
  if (hhi > HHI_HIGH_ABOVE) return 'highly concentrated'
  if (hhi >= HHI_MODERATE_FROM) return 'moderately concentrated'
  return 'unconcentrated'
}

/**
 * "HHI 4,520 (highly concentrated)": the index rounded, its band beside it (messages, CLI); with a
 * rule's limit, "HHI 4,520 (highly concentrated; limit 4,000)".
 */
export function hhiText(hhi: number, limit?: number): string {
  const max = limit === undefined ? '' : `; limit ${formatHhi(limit)}`
  return `HHI ${formatHhi(hhi)} (${hhiBand(hhi)}${max})`
}

const wording = numberFormat(WORDING_STYLE)

/** 4520.4 → "4,520" (as alert wording writes a count). */
export function formatHhi(hhi: number): string {
  return wording.int(hhi)
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
