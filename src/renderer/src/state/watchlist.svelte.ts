// Watchlist rows (each update applied row by row, keyed by symbol), known symbols, sorting,
// filtering, add/remove. A long watchlist loads in two steps: the rows a screen shows first
// (getWatchlistPage), then the whole list (getWatchlist); until then the rest are placeholders.
import type { KnownSymbol, WatchRow } from '../../../shared/view-models'
import { MAX_PIECES, splitSymbolList } from '../../../shared/symbol-list'
import { api, errorMessage } from '../lib/api'
import { mergeRows } from './merge-rows'
import { firstPageSize, isPending, type ListRow, type PendingRow } from './watchlist-pending'

/** What adding said, and whether it is an error (nothing could be added). */
export interface AddReply {
  line: string
  error: boolean
}

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

/**
 * Once the next frame is painted, or a short while at most: a hidden window paints no frames and
 * must still load its rows.
 */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => resolve()
    requestAnimationFrame(() => setTimeout(done, 0))
    setTimeout(done, 250)
  })
}

export class WatchlistStore {
  #rows = $state.raw<WatchRow[]>([])
  /** Watched symbols whose rows have not arrived (after the first page), in watchlist order. */
  #pending = $state.raw<string[]>([])
  /** Why the rest of the rows could not be loaded (the first page shows). */
  #restError = $state<string | null>(null)
  /** Counts whole watchlists received: a page or rest asked for before one is out of date. */
  #wholes = 0
  #known = $state.raw<KnownSymbol[]>([])
  #loaded = $state(false)
  #loadError = $state<string | null>(null)
  sortKey = $state<SortKey | null>(null)
  sortDir = $state<SortDir>('ascending')

  get rows(): WatchRow[] {
    return this.#rows
  }
  /** Symbols whose rows are still on their way. */
  get pending(): string[] {
    return this.#pending
  }
  get restError(): string | null {
    return this.#restError
  }
  /** How many symbols are watched (rows and those still on their way). */
  get total(): number {
    return this.#rows.length + this.#pending.length
  }
  /** Every watched symbol, rows first then those on their way (the add box's suggestions). */
  readonly symbols = $derived([...this.#rows.map((r) => r.symbol), ...this.#pending])
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

  /** Sorted, then filtered: the table's rows; those on their way last (no figures to sort by). */
  readonly shown = $derived.by((): ListRow[] => {
    const q = this.filter.trim().toLowerCase()
    const pending = this.#pending.map((symbol): PendingRow => ({ symbol, pending: true }))
    const all = pending.length > 0 ? [...this.sorted, ...pending] : this.sorted
    if (!q) return all
    return all.filter(
      (r) =>
        r.symbol.toLowerCase().includes(q) || (!isPending(r) && (r.assetType ?? '').includes(q)),
    )
  })

  start(): () => void {
    const off = api().onWatchlistUpdated((rows) => this.#applyWhole(rows))
    void this.#load()
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

  /**
   * Adds a typed or pasted list (any case; commas, spaces or newlines between): main resolves the
   * spelling and says in one line what it did. An error when nothing could be added.
   */
  async add(text: string): Promise<AddReply> {
    const pieces = splitSymbolList(text)
    if (pieces.length === 0)
      return { line: 'Type a symbol, for example TSLA, or paste a list.', error: true }
    if (pieces.length > MAX_PIECES)
      return { line: `Paste at most ${MAX_PIECES} symbols at once.`, error: true }
    try {
      const r = await api().addSymbols(pieces)
      this.#applyWhole(r.rows)
      const missed = r.unknown.length + r.notChecked.length + r.full.length
      return { line: r.line, error: r.added.length === 0 && missed > 0 }
    } catch (e) {
      return { line: errorMessage(e), error: true }
    }
  }

  async remove(symbol: string): Promise<string | null> {
    try {
      this.#applyWhole(await api().removeSymbol(symbol))
      return null
    } catch (e) {
      return errorMessage(e)
    }
  }

  row(symbol: string): WatchRow | undefined {
    return this.#rows.find((r) => r.symbol === symbol)
  }

  /** The screen's rows first, then the rest; a whole watchlist arriving meanwhile supersedes both. */
  async #load(): Promise<void> {
    const wholes = this.#wholes
    try {
      const page = await api().getWatchlistPage({
        start: 0,
        count: firstPageSize(window.innerHeight),
      })
      if (wholes !== this.#wholes) return
      this.#rows = mergeRows(this.#rows, page.rows)
      this.#pending = page.symbols.slice(page.start + page.rows.length)
      this.#loaded = true
      if (this.#pending.length === 0) return
      // The rest after the screen is painted: their answer (every row parsed and merged) must not
      // hold the first paint.
      await afterPaint()
      if (wholes !== this.#wholes) return
      const rows = await api().getWatchlist()
      if (wholes === this.#wholes) this.#applyWhole(rows)
    } catch (e) {
      if (wholes !== this.#wholes) return
      if (this.#loaded) this.#restError = errorMessage(e)
      else this.#loadError = errorMessage(e)
    }
  }

  /** Every row (a poll, an edit): only changed rows get new objects, the table re-renders those alone. */
  #applyWhole(rows: WatchRow[]): void {
    this.#wholes++
    this.#rows = mergeRows(this.#rows, rows)
    this.#pending = []
    this.#restError = null
    this.#loadError = null
    this.#loaded = true
  }
}
