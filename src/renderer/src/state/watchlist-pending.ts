// A long watchlist's first paint: the rows a screen shows are asked for first, and the other
// watched symbols hold their places in the table until the whole list arrives.
import type { WatchRow } from '../../../shared/view-models'

/** A watched symbol whose row has not arrived yet: its place in the table, shown as loading. */
export interface PendingRow {
  symbol: string
  pending: true
}
/** What the table lists: rows, and placeholders for those still on their way. */
export type ListRow = WatchRow | PendingRow

export const isPending = (r: ListRow): r is PendingRow => 'pending' in r

/**
 * Rows asked for first: more than a screen shows at the smallest row height, with the table's
 * overscan, so the first paint needs nothing else; the rest follow in one request.
 */
export function firstPageSize(viewportHeight: number): number {
  return Math.max(64, Math.ceil(viewportHeight / 24) + 16)
}
