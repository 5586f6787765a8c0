// Why the app's own history cannot answer for a span yet, one sentence for every reader of it (the
// flow split, the issuer windows), so two lines on one screen never disagree about whether there
// is history. Times in the user's zone: the worker is in the app's process, whose zone is the
// system's (shared/local-time.ts).
import { localWhen, systemUtcOffset, zoneName } from '../../../shared/local-time'
import type { HistoryReader } from './history-reader'

/** "it has no history of TSLA yet" / "its own history of TSLA starts 01:22 UTC" / "it recorded no figures…". */
export function historyShortfall(
  reader: Pick<HistoryReader, 'first'>,
  symbol: string,
  /** When the span starts (ms); null: since the last poll. */
  start: number | null,
  nowMs: number,
): string {
  const now = new Date(nowMs)
  const when = (ms: number): string =>
    `${localWhen(new Date(ms), now, systemUtcOffset)} ${zoneName(new Date(ms), systemUtcOffset)}`
  const first = reader.first(symbol)
  // Only this poll's own figures (or none): nothing to compare with yet.
  if (first === null || first.at >= nowMs) return `it has no history of ${symbol} yet`
  if (start !== null && first.at <= start)
    return `it recorded no figures of ${symbol} near ${when(start)} (it was not polling then)`
  return `its own history of ${symbol} starts ${when(first.at)}`
}
