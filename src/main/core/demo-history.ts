// Demo mode's first start: the app's own history is empty, so flow vs price, issuer moves over 7
// days and the share charts would say "not enough history" for a week. The demo service is a
// function of time, so the past week of hourly polls is recorded as it would have answered them,
// under the demo source's name (history rows carry their source: never mixed with a live
// service's). Only into an empty history, so nothing recorded is ever replaced.
import { parseAssetDetail } from '../../shared/parse'
import type { HistoryClient } from '../engine/history/history-client'
import { entryOf } from '../engine/history/history-entry'
import { pastDetails } from '../service/past-details'

const HOUR_MS = 3_600_000
/** A week and a day: a 7-day window has a start on every view from the first start on. */
export const DEMO_HISTORY_HOURS = 8 * 24

/** Records the demo week before nowMs when the history holds nothing; true when it did. */
export async function seedDemoHistory(
  history: Pick<HistoryClient, 'info' | 'record'>,
  source: string,
  watchlist: readonly string[],
  nowMs: number,
): Promise<boolean> {
  // A history that cannot be read is said by its own notice; the app starts without the demo week.
  const info = await history.info().catch(() => null)
  if (info === null || info.snapshots > 0) return false
  const last = Math.floor(nowMs / HOUR_MS) * HOUR_MS
  for (let h = DEMO_HISTORY_HOURS; h >= 1; h--) {
    const at = last - h * HOUR_MS
    // Parsed as a poll's answer is: the history holds only what passed the same checks.
    const entries = pastDetails(watchlist, at).map((d) =>
      entryOf(parseAssetDetail(d, { symbol: d.symbol }), null),
    )
    if (entries.length > 0) history.record(source, at, entries)
  }
  // Not waited for: requests to the history are answered in order, so every later read sees them.
  return true
}
