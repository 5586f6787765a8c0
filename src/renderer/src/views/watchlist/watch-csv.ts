// The watchlist as a CSV table: every row given (the virtual table draws only a window of them).
import type { WatchRow } from '../../../../shared/view-models'
import type { CsvTable } from '../../lib/download'

export const WATCHLIST_CSV_HEADER = [
  'symbol',
  'assetType',
  'tvl',
  'change7dPct',
  'change7dVerified',
  'change30dPct',
  'change30dVerified',
  'volume',
  'alertState',
  'snoozed',
  'fetchedAt',
  'detailFetchedAt',
  'dataDate',
  'problems',
]

export function watchlistCsv(rows: readonly WatchRow[]): CsvTable {
  return {
    header: WATCHLIST_CSV_HEADER,
    rows: rows.map((r) => [
      r.symbol,
      r.assetType,
      r.totalTvl,
      r.change7d?.pct ?? null,
      r.change7d ? r.change7d.verified : null,
      r.change30d?.pct ?? null,
      r.change30d ? r.change30d.verified : null,
      r.totalVolume,
      r.alertState,
      r.snoozed,
      r.fetchedAt,
      r.detailFetchedAt,
      r.dataDate,
      r.problems.join('; '),
    ]),
  }
}
