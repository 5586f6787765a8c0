// The asset view's flow vs price: the split of the change over `days` as of the newest figures the
// app recorded for the symbol (the last poll that fetched its detail), from its own history.
import type { AssetFlowView } from '../../../shared/flow'
import { flowOf } from './flow-of'
import type { HistoryStore } from './history-store'

export function latestFlow(
  history: Pick<HistoryStore, 'reader' | 'release'>,
  source: string,
  symbol: string,
  nowMs: number,
  days: number,
): AssetFlowView {
  try {
    const reader = history.reader(source)
    const last = reader.snapshotAtOrBefore(symbol, nowMs)
    // Without figures of its own yet, flowOf says so (a zero price is never split).
    const end = last ?? { at: nowMs, tvl: 0, price: 0 }
    return {
      symbol,
      asOf: last === null ? null : new Date(last.at).toISOString(),
      flow: flowOf(reader, symbol, end, days),
    }
  } catch {
    return { symbol, asOf: null, flow: unreadFlow(days) }
  } finally {
    // Open only while in use (as after a poll's write).
    history.release()
  }
}

/** A read of the history that failed: the split is not given, and why. */
export function unreadFlow(days: number): AssetFlowView['flow'] {
  return {
    kind: 'unknown',
    windowDays: days,
    reason: 'the history of figures could not be read, so the change is not split',
  }
}
