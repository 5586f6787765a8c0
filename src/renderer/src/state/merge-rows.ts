// A poll sends every row again; only those that changed get a new object. The rest keep their
// identity, so the keyed table re-runs nothing for them (no effect, no DOM work).
import type { WatchRow } from '../../../shared/view-models'

/** Rows cross IPC as plain JSON built by one function in main: equal rows serialise alike. */
function same(a: WatchRow, b: WatchRow): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * `next` in its order, reusing `prev`'s object for each symbol whose row is unchanged; `prev`
 * itself when nothing changed at all.
 */
export function mergeRows(prev: readonly WatchRow[], next: readonly WatchRow[]): WatchRow[] {
  const bySymbol = new Map(prev.map((r) => [r.symbol, r]))
  let changed = prev.length !== next.length
  const out = next.map((row, i) => {
    const old = bySymbol.get(row.symbol)
    if (old && same(old, row)) {
      if (prev[i] !== old) changed = true
      return old
    }
    changed = true
    return row
  })
  return changed ? out : (prev as WatchRow[])
}
