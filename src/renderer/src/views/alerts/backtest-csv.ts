// The table behind the backtest chart: every tested symbol's daily TVL, and whether the rule would
// have been firing that day (from an episode's start up to the day before it ended; open to the end).
import type { BacktestEpisode, BacktestView } from '../../../../shared/backtest'
import type { CsvTable } from '../../lib/download'

/** YYYY-MM-DD dates compare as text. */
const firingOn = (date: string, episodes: readonly BacktestEpisode[]): boolean =>
  episodes.some((e) => e.start <= date && (e.end === null || date < e.end))

export function backtestCsv(view: BacktestView): CsvTable {
  const rows: unknown[][] = []
  for (const r of view.results) {
    const series = view.series[r.symbol]
    if (!r.tested || !series) continue
    for (const p of series)
      rows.push([r.symbol, p.date, p.tvl, firingOn(p.date, r.episodes) ? 1 : 0])
  }
  return { header: ['symbol', 'date', 'tvl', 'firing'], rows }
}
