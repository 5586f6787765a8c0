// Watch rows kept between calls: a row is built again only when something it is made of changed.
// The status, the watchlist, its pages and the events after edits all ask for rows; at 1000
// symbols building every row each time (cache reads, series look-ups, formatting) held the main
// process for 100 ms and more per call, while the window waited for its first answers.
import { ASSET_TYPES } from '../../shared/liquidity-schemas'
import type { WatchRow } from '../../shared/view-models'
import { instancesBySymbol, isStale } from '../engine/poll/snapshot'
import { cachedRows, type CachedRowsInput } from '../engine/poll/snapshot-cache'
import { assetRequest, cycleStockRequest } from '../engine/storage/cache-keys'

interface Kept {
  parts: unknown[]
  row: WatchRow
}

const sameParts = (a: readonly unknown[], b: readonly unknown[]): boolean =>
  a.length === b.length && a.every((x, i) => Object.is(x, b[i]))

export class RowMemo {
  #kept = new Map<string, Kept>()
  /** What every row is made of: the cache, the bulk series of each type, the poll's problems. */
  #shared: unknown[] = []

  /** The rows cachedRows(input) would build, reusing those whose parts are unchanged. */
  rows(input: CachedRowsInput): WatchRow[] {
    const { shared, parts } = partsOf(input)
    // A new poll's bulk series (or another source) touches every row: start afresh, which also
    // drops the rows of symbols no longer watched.
    if (!sameParts(shared, this.#shared)) this.#kept = new Map()
    this.#shared = shared
    const missing: number[] = []
    input.watchlist.forEach((symbol, i) => {
      const kept = this.#kept.get(symbol)
      if (kept === undefined || !sameParts(kept.parts, parts[i]!)) missing.push(i)
    })
    if (missing.length > 0) {
      const watchlist = missing.map((i) => input.watchlist[i]!)
      // cachedRows answers in the order asked: row k is the symbol at missing[k].
      cachedRows({ ...input, watchlist }).forEach((row, k) =>
        this.#kept.set(row.symbol, { parts: parts[missing[k]!]!, row }),
      )
    }
    return input.watchlist.map((symbol) => this.#kept.get(symbol)!.row)
  }

  /**
   * Keeps rows a poll has just built from these same parts (they agree with cachedRows': see
   * tests/core/rows-agree.test.ts), so the status and pages after a poll do not build every row
   * again (about 300 ms of main's time per poll at 1000 symbols). Rows for another list are ignored.
   */
  prime(input: CachedRowsInput, rows: readonly WatchRow[]): void {
    if (rows.length !== input.watchlist.length) return
    if (rows.some((r, i) => r.symbol !== input.watchlist[i])) return
    const { shared, parts } = partsOf(input)
    this.#shared = shared
    this.#kept = new Map(rows.map((row, i) => [row.symbol, { parts: parts[i]!, row }]))
  }
}

/** What every row is made of, and what each row is made of, for the memo to compare. */
function partsOf(input: CachedRowsInput): { shared: unknown[]; parts: unknown[][] } {
  const { cache, nowMs, intervalMs } = input
  const stale = (at: string | undefined): boolean =>
    at !== undefined && isStale(at, nowMs, intervalMs)
  const shared: unknown[] = [cache, (input.pollProblems ?? []).join('\n')]
  for (const t of ASSET_TYPES) {
    const e = cache.get(cycleStockRequest(t))
    shared.push(e, stale(e?.fetchedAt))
  }
  const own = instancesBySymbol(input.instances)
  const parts = input.watchlist.map((symbol): unknown[] => {
    const asset = cache.get(assetRequest(symbol))
    return [
      asset,
      stale(asset?.fetchedAt),
      input.errors?.get(symbol),
      input.screened?.has(symbol) ?? false,
      input.findings?.[symbol],
      input.likeForLike?.[symbol],
      // Instances are made afresh per call; their content is what the row shows of them.
      JSON.stringify(own.get(symbol) ?? []),
      input.snoozed.has(symbol),
    ]
  })
  return { shared, parts }
}
