// Issuer and network shares over time from the reader's share points: every part on one time
// axis (absent at a time counts 0 there), the largest kept as series and the rest summed as
// "Others", so a chart never draws more than MAX_SHARE_SERIES areas.
import {
  MAX_SHARE_SERIES,
  OTHERS,
  type ShareHistory,
  type SharePart,
} from '../../../shared/asset-shares'
import type { SharePoint } from './history-reader'

export function shareHistory(points: readonly SharePoint[], max = MAX_SHARE_SERIES): ShareHistory {
  const at = points.map((p) => p.at)
  const tvls = new Map<string, number[]>()
  points.forEach((p, t) => {
    for (const s of p.shares) {
      let row = tvls.get(s.name)
      if (!row) {
        row = new Array<number>(points.length).fill(0)
        tvls.set(s.name, row)
      }
      row[t]! += s.tvl
    }
  })
  const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0)
  // Largest over the whole span (the area each would draw), ties by name: a stable order.
  const ranked = [...tvls]
    .map(([name, tvl]) => ({ name, tvl, area: sum(tvl) }))
    .sort((a, b) => b.area - a.area || a.name.localeCompare(b.name))
  const kept = ranked.length > max ? ranked.slice(0, max - 1) : ranked
  const folded = ranked.slice(kept.length)
  const series = kept.map((r) => ({ name: r.name, tvl: r.tvl }))
  if (folded.length > 0)
    series.push({ name: OTHERS, tvl: at.map((_, t) => sum(folded.map((f) => f.tvl[t]!))) })
  const totals = at.map((_, t) => sum(series.map((s) => s.tvl[t]!)))
  const parts: SharePart[] = series.map((s) => ({
    ...s,
    share: s.tvl.map((v, t) => (totals[t]! > 0 ? v / totals[t]! : 0)),
  }))
  return { at, parts, others: folded.map((f) => f.name) }
}
