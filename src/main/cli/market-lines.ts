// `check`'s words on market hours under the table: each market's state at the time of the data,
// symbols that share one state on one line ("TSLA and NVDA: US market closed (weekend)"). A large
// watchlist is counted, not listed: "All 972 stocks: US market closed (holiday: Thanksgiving)".
import { sessionOfData } from '../../shared/market-hours'
import { joinNames } from '../../shared/plain-list'
import type { WatchRow } from '../../shared/view-models'

/** Up to this many symbols are named on a line; a larger group is counted. */
export const NAMED_MAX = 10

const PLURAL: Record<string, string> = { stock: 'stocks', commodity: 'commodities' }

/** Symbols per session label, in the order of the rows. */
type ByLabel = Map<string, string[]>

function add(groups: Map<string, ByLabel>, key: string, label: string, symbol: string): void {
  const byLabel = groups.get(key) ?? new Map<string, string[]>()
  byLabel.set(label, [...(byLabel.get(label) ?? []), symbol])
  groups.set(key, byLabel)
}

/** One asset type's lines: named when few, else the largest group counted after the others. */
function typeLines(byLabel: ByLabel, assetType: string): string[] {
  const groups = [...byLabel]
  const count = groups.reduce((n, [, s]) => n + s.length, 0)
  const named = ([label, symbols]: [string, string[]]): string =>
    `  ${joinNames(symbols)}: ${label}`
  if (count <= NAMED_MAX) return groups.map(named)
  const kind = PLURAL[assetType] ?? 'symbols'
  if (groups.length === 1) return [`  All ${count} ${kind}: ${groups[0]![0]}`]
  const main = groups.reduce((a, b) => (b[1].length > a[1].length ? b : a))
  const others = groups
    .filter((g) => g !== main)
    .map((g) => (g[1].length <= NAMED_MAX ? named(g) : `  ${g[1].length} ${kind}: ${g[0]}`))
  return [...others, `  The other ${main[1].length} ${kind}: ${main[0]}`]
}

export function marketLines(rows: readonly WatchRow[]): string[] {
  const byType = new Map<string, ByLabel>()
  for (const r of rows) {
    const s = sessionOfData(r)
    if (s !== null) add(byType, r.assetType ?? '', s.label, r.symbol)
  }
  if (byType.size === 0) return []
  return ['Markets at the time of the data:', ...[...byType].flatMap(([t, g]) => typeLines(g, t))]
}
