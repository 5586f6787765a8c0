// Watchlist rows (each update applied row by row, keyed by symbol), known symbols, sorting,
// filtering, add/remove.
import type { KnownSymbol, WatchRow } from '../../../shared/view-models'
import { api, errorKind, errorMessage } from '../lib/api'
import { mergeRows } from './merge-rows'

export type SortKey = 'symbol' | 'tvl' | 'change7d' | 'change30d' | 'volume' | 'alert'
export type SortDir = 'ascending' | 'descending'

const ALERT_RANK: Record<string, number> = {
  firing: 0,
  pending: 1,
  error: 2,
  stale: 3,
  nodata: 4,
  resolved: 5,
  ok: 6,
}

function sortValue(row: WatchRow, key: SortKey): number | string | null {
  switch (key) {
    case 'symbol':
      return row.symbol
    case 'tvl':
      return row.totalTvl
    case 'volume':
      return row.totalVolume
    case 'change7d':
      return row.change7d?.pct ?? null
    case 'change30d':
      return row.change30d?.pct ?? null
    case 'alert':
      return row.snoozed ? 7 : (ALERT_RANK[row.alertState] ?? 9)
  }
}

// One collator for every comparison (localeCompare builds one per call), made on first sort:
// the first Intl object loads ICU data, which start-up should not wait for (lib/format.ts).
let collator: Intl.Collator | undefined
const compareText = (a: string, b: string): number =>
  (collator ??= new Intl.Collator()).compare(a, b)

export class WatchlistStore {
  #rows = $state.raw<WatchRow[]>([])
  #known = $state.raw<KnownSymbol[]>([])
  #loaded = $state(false)
  #loadError = $state<string | null>(null)
  sortKey = $state<SortKey | null>(null)
  sortDir = $state<SortDir>('ascending')

  get rows(): WatchRow[] {
    return this.#rows
  }
  get known(): KnownSymbol[] {
    return this.#known
  }
  get loaded(): boolean {
    return this.#loaded
  }
  get loadError(): string | null {
    return this.#loadError
  }

  /** What the user typed in the filter box: rows whose symbol or asset type contain it. */
  filter = $state('')

  /** The rows in the chosen order; keyed values are read once per row, not per comparison. */
  readonly sorted = $derived.by(() => {
    const key = this.sortKey
    if (!key) return this.#rows
    const dir = this.sortDir === 'ascending' ? 1 : -1
    const keyed = this.#rows.map((row) => ({ row, v: sortValue(row, key) }))
    keyed.sort((a, b) => {
      const va = a.v
      const vb = b.v
      if (va === null || vb === null) return va === vb ? 0 : va === null ? 1 : -1 // blanks last
      if (typeof va === 'string' && typeof vb === 'string') return compareText(va, vb) * dir
      return ((va as number) - (vb as number)) * dir
    })
    return keyed.map((k) => k.row)
  })

  /** Sorted, then filtered: the table's rows. */
  readonly shown = $derived.by(() => {
    const q = this.filter.trim().toLowerCase()
    if (!q) return this.sorted
    return this.sorted.filter(
      (r) => r.symbol.toLowerCase().includes(q) || (r.assetType ?? '').includes(q),
    )
  })

  start(): () => void {
    const off = api().onWatchlistUpdated((rows) => {
      this.#apply(rows)
      this.#loaded = true
    })
    api()
      .getWatchlist()
      .then((rows) => {
        if (!this.#loaded) this.#apply(rows)
        this.#loaded = true
      })
      .catch((e: unknown) => (this.#loadError = errorMessage(e)))
    api()
      .getKnownSymbols()
      .then((k) => (this.#known = k))
      .catch(() => {}) // suggestions are optional
    return off
  }

  sortBy(key: SortKey): void {
    if (this.sortKey === key)
      this.sortDir = this.sortDir === 'ascending' ? 'descending' : 'ascending'
    else {
      this.sortKey = key
      this.sortDir = key === 'symbol' ? 'ascending' : 'descending'
    }
  }

  /** Resolves to an error message for the user, or null on success. */
  async add(symbol: string): Promise<string | null> {
    const wanted = symbol.trim()
    if (!wanted) return 'Type a symbol, for example TSLA.'
    try {
      this.#apply(await api().addSymbol(wanted))
      return null
    } catch (e) {
      const msg = errorMessage(e)
      const exact = this.#known.find((k) => k.symbol.toLowerCase() === wanted.toLowerCase())
      if (exact && exact.symbol !== wanted && errorKind(e) === 'not-found') {
        return `${msg} Symbols are case-sensitive — did you mean ${exact.symbol}?`
      }
      return msg
    }
  }

  async remove(symbol: string): Promise<string | null> {
    try {
      this.#apply(await api().removeSymbol(symbol))
      return null
    } catch (e) {
      return errorMessage(e)
    }
  }

  row(symbol: string): WatchRow | undefined {
    return this.#rows.find((r) => r.symbol === symbol)
  }

  /** Only changed rows get new objects: the table re-renders those alone. */
  #apply(rows: WatchRow[]): void {
    this.#rows = mergeRows(this.#rows, rows)
  }
}
