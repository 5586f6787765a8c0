// The daily series a backtest runs on, through the validated client (and so the rate gate every
// caller shares): `analytics?groupBy=stock&symbol=X&days=N` per symbol for a few symbols, the bulk
// all-symbols request per asset type for more (2 requests at most, whatever the scope's size).
import { LiquidityError, isPollWideError } from '../../../shared/errors'
import {
  ASSET_TYPES,
  type AssetType,
  type SeriesPoint,
  type AnalyticsStock,
} from '../../../shared/liquidity-schemas'
import type { CycleClient } from '../poll/fetch-types'

/** Up to this many symbols, one request each; more take the bulk requests (one per asset type). */
export const PER_SYMBOL_MAX = 4

export interface SeriesFetch {
  client: CycleClient
  days: number
  /** The asset type when known (cached data); unknown symbols are looked for in both types. */
  typeOf: (symbol: string) => AssetType | undefined
  signal?: AbortSignal
  deadline?: number
}

/** One symbol's series, null when the service has none; or why it could not be read (note, in a few words: why). */
export interface SymbolSeries {
  series: SeriesPoint[] | null
  note: string | null
  why?: string
}

export type FetchedSeries = Map<string, SymbolSeries>

function seriesOf(data: AnalyticsStock, symbol: string): SeriesPoint[] | null {
  return data.data.find((e) => e.symbol === symbol)?.series ?? null
}

function typesToTry(t: AssetType | undefined): readonly AssetType[] {
  return t === undefined ? ASSET_TYPES : [t]
}

/**
 * A failure that says nothing about this one symbol (offline, the key, rate-limited, the service
 * down) ends the whole backtest with its own plain message: a partial answer would read as
 * "never fired" for the symbols not reached.
 */
function rethrowWide(e: unknown): void {
  if (!(e instanceof LiquidityError) || isPollWideError(e)) throw e
}

async function oneSymbol(f: SeriesFetch, symbol: string): Promise<SymbolSeries> {
  let note: string | null = null
  for (const assetType of typesToTry(f.typeOf(symbol))) {
    try {
      const data = await f.client.getAnalytics(
        { groupBy: 'stock', symbol, days: f.days, assetType },
        { signal: f.signal, deadline: f.deadline },
      )
      const series = seriesOf(data, symbol)
      if (series !== null) return { series, note: null }
    } catch (e) {
      rethrowWide(e)
      const err = e as LiquidityError
      // Unknown to the service: no other asset type will know it either.
      if (err.kind === 'not-found')
        return { series: null, note: err.message, why: 'unknown to the service' }
      // Asked under the wrong type (or an answer that failed its checks): try the other, keep why.
      note = err.message
    }
  }
  return note === null
    ? { series: null, note }
    : { series: null, note, why: 'its series could not be read' }
}

async function bulk(f: SeriesFetch, symbols: readonly string[]): Promise<FetchedSeries> {
  const types = new Set<AssetType>()
  for (const s of symbols) for (const t of typesToTry(f.typeOf(s))) types.add(t)
  const found = new Map<string, SeriesPoint[]>()
  for (const assetType of [...types].sort()) {
    const data = await f.client.getAnalytics(
      { groupBy: 'stock', days: f.days, assetType },
      { signal: f.signal, deadline: f.deadline },
    )
    for (const e of data.data) found.set(e.symbol, e.series)
  }
  return new Map(symbols.map((s) => [s, { series: found.get(s) ?? null, note: null }]))
}

export async function fetchSeries(
  f: SeriesFetch,
  symbols: readonly string[],
): Promise<FetchedSeries> {
  if (symbols.length > PER_SYMBOL_MAX) return bulk(f, symbols)
  const out: FetchedSeries = new Map()
  const got = await Promise.all(symbols.map((s) => oneSymbol(f, s)))
  symbols.forEach((s, i) => out.set(s, got[i] as SymbolSeries))
  return out
}
