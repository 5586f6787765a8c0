// The asset view's flow vs price line: the split of the 7-day TVL change as of the newest figures
// the app recorded for the symbol (the last poll that fetched its detail), from its own history.
import type { AssetFlowView } from '../../shared/flow'
import { flowOf } from '../engine/history/flow-of'
import type { HistoryStore } from '../engine/history/history-store'
import { FLOW_WINDOW_DAYS } from '../engine/poll/cycle'

export function assetFlowView(
  history: Pick<HistoryStore, 'reader' | 'release'>,
  source: string,
  symbol: string,
  nowMs: number,
): AssetFlowView {
  try {
    const reader = history.reader(source)
    const last = reader.snapshotAtOrBefore(symbol, nowMs)
    // Without figures of its own yet, flowOf says so (a zero price is never split).
    const end = last ?? { at: nowMs, tvl: 0, price: 0 }
    return {
      symbol,
      asOf: last === null ? null : new Date(last.at).toISOString(),
      flow: flowOf(reader, symbol, end, FLOW_WINDOW_DAYS),
    }
  } catch {
    return {
      symbol,
      asOf: null,
      flow: {
        kind: 'unknown',
        windowDays: FLOW_WINDOW_DAYS,
        reason: 'the history of figures could not be read, so the change is not split',
      },
    }
  } finally {
    // Open only while in use (as after a poll's write).
    history.release()
  }
}
