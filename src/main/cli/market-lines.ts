// `check`'s words on market hours under the table: each market's state at the time of the data,
// symbols that share one state on one line ("TSLA and NVDA: US market closed (weekend)").
import { sessionOfData } from '../../shared/market-hours'
import { joinNames } from '../../shared/plain-list'
import type { WatchRow } from '../../shared/view-models'

export function marketLines(rows: readonly WatchRow[]): string[] {
  const byLabel = new Map<string, string[]>()
  for (const r of rows) {
    const s = sessionOfData(r)
    if (s === null) continue
    byLabel.set(s.label, [...(byLabel.get(s.label) ?? []), r.symbol])
  }
  if (byLabel.size === 0) return []
  const lines = [...byLabel].map(([label, symbols]) => `  ${joinNames(symbols)}: ${label}`)
  return ['Markets at the time of the data:', ...lines]
}
