// Flow vs price for a symbol now, against the app's own history a window ago.
import { splitFlow, type FlowResult } from '../../../shared/flow'
import type { HistoryReader } from './history-reader'
import { historyShortfall } from './history-shortfall'

const DAY_MS = 24 * 60 * 60 * 1000

/** How far before the window's start a snapshot may be and still stand for it (a missed poll). */
const SLACK_MS = 6 * 60 * 60 * 1000

export function flowOf(
  reader: Pick<HistoryReader, 'snapshotAtOrBefore' | 'first'>,
  symbol: string,
  now: { at: number; tvl: number; price: number },
  windowDays: number,
): FlowResult {
  const start = now.at - windowDays * DAY_MS
  const then = reader.snapshotAtOrBefore(symbol, start)
  if (then === null || then.at < start - SLACK_MS) {
    const since = historyShortfall(reader, symbol, start, now.at)
    return {
      kind: 'unknown',
      windowDays,
      reason: `not enough history to split the ${windowDays}-day change into price and flow: Liquidity Watch records figures itself and ${since}`,
    }
  }
  return splitFlow(
    { at: new Date(then.at).toISOString(), tvl: then.tvl, price: then.price },
    { at: new Date(now.at).toISOString(), tvl: now.tvl, price: now.price },
    windowDays,
    symbol,
  )
}
