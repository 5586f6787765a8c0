// The asset view's flow vs price line: the split of the 7-day TVL change as of the newest figures
// the app recorded for the symbol (the last poll that fetched its detail), from its own history.
import type { AssetFlowView } from '../../shared/flow'
import type { HistoryClient } from '../engine/history/history-client'
import { unreadFlow } from '../engine/history/latest-flow'
import { FLOW_WINDOW_DAYS } from '../engine/poll/cycle'

export async function assetFlowView(
  history: Pick<HistoryClient, 'assetFlow'>,
  source: string,
  symbol: string,
  nowMs: number,
): Promise<AssetFlowView> {
  try {
    return await history.assetFlow(source, symbol, nowMs, FLOW_WINDOW_DAYS)
  } catch {
    // The worker could not answer (it stopped): the reason instead of a split.
    return { symbol, asOf: null, flow: unreadFlow(FLOW_WINDOW_DAYS) }
  }
}
