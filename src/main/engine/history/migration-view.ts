// The asset view's migration line: each issuer's TVL in the newest figures the app recorded for the
// symbol (the last poll that fetched its detail) against its own history a week before, as
// migration, exit or mixed (shared/issuer-moves.ts), or why it cannot be told. Runs where the
// database is (the history worker, history-host.ts).
import type { AssetMigrationView } from '../../../shared/issuer-moves'
import type { HistoryStore } from './history-store'
import { issuerWindowOf, ISSUERS_UNREAD, MIGRATION_WINDOW } from './issuer-window'
import { windowDays } from '../alerts/text/format'

/** The history could not be read (or its worker could not answer): the reason instead of the line. */
export function migrationUnread(symbol: string): AssetMigrationView {
  return {
    symbol,
    asOf: null,
    windowDays: windowDays(MIGRATION_WINDOW),
    moves: { kind: 'unknown', reason: ISSUERS_UNREAD },
  }
}

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
    const now = { at: last?.at ?? nowMs, issuers, price: last?.price ?? 0 }
    const w = issuerWindowOf(reader, symbol, now, days)
    return {
      symbol,
      asOf: last === null ? null : new Date(last.at).toISOString(),
      windowDays: days,
      moves: w.kind === 'known' ? w.moves : { kind: 'unknown', reason: w.reason },
    }
  } catch {
    return migrationUnread(symbol)
  } finally {
    // Open only while in use (as after a poll's write).
    history.release()
  }
}
