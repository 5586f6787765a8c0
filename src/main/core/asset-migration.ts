// The asset view's migration line: each issuer's TVL in the newest figures the app recorded for the
// symbol (the last poll that fetched its detail) against its own history a week before, as
// migration, exit or mixed (shared/issuer-moves.ts), or why it cannot be told.
import type { AssetMigrationView } from '../../shared/issuer-moves'
import type { HistoryStore } from '../engine/history/history-store'
import { issuerWindowOf } from '../engine/history/issuer-window'
import { windowDays } from '../engine/alerts/format'
import { MIGRATION_WINDOW } from '../engine/poll/issuer-windows'

export function assetMigrationView(
  history: Pick<HistoryStore, 'reader' | 'release'>,
  source: string,
  symbol: string,
  nowMs: number,
): AssetMigrationView {
  const days = windowDays(MIGRATION_WINDOW)
  try {
    const reader = history.reader(source)
    const last = reader.snapshotAtOrBefore(symbol, nowMs)
    const issuers = (last?.issuers ?? []).map((i) => ({ issuer: i.issuer, tvl: i.tvl }))
    const w = issuerWindowOf(reader, symbol, { at: last?.at ?? nowMs, issuers }, days)
    return {
      symbol,
      asOf: last === null ? null : new Date(last.at).toISOString(),
      windowDays: days,
      moves: w.kind === 'known' ? w.moves : { kind: 'unknown', reason: w.reason },
    }
  } catch {
    return {
      symbol,
      asOf: null,
      windowDays: days,
      moves: {
        kind: 'unknown',
        reason:
          'the history of figures could not be read, so migration and exit are not told apart',
      },
    }
  } finally {
    // Open only while in use (as after a poll's write).
    history.release()
  }
}
