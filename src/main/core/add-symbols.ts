// Adding a typed or pasted list of symbols to the watchlist: any case, hundreds at once. The
// service is the authority on symbols and on their spelling; its all-symbols list (the bulk
// analytics a poll fetches anyway, two requests) resolves a whole list at once, so a 1000-symbol
// list costs what one symbol costs. A symbol the list lacks may still have a detail (asked for a
// few only). One settings write for the lot.
import { isPollWideError, toSerializedError } from '../../shared/errors'
import { ASSET_TYPES } from '../../shared/liquidity-schemas'
import { MAX_WATCHLIST, symbolSchema } from '../../shared/settings-schema'
import type { AddSymbolsOutcome } from '../../shared/symbol-list'
import type { LiquidityClient } from '../client/liquidity-client'
import { cachedKnownSymbols } from '../engine/poll/snapshot-cache'
import type { ResponseCache } from '../engine/storage/cache'
import { ANALYTICS_DAYS, assetRequest, cycleStockRequest } from '../engine/storage/cache-keys'
import type { CoreSettings } from './core-settings'
import type { DataSource } from './data-source'

/** Symbols missing from the service's list that are asked for one by one (each a request). */
export const MAX_DETAIL_CHECKS = 5

const lower = (s: string): string => s.toLowerCase()

function knownByLower(cache: ResponseCache): Map<string, string> {
  return new Map(cachedKnownSymbols(cache).map((k) => [lower(k.symbol), k.symbol]))
}

/** The service's all-symbols list, fresh, into the cache the poll reads it from. */
async function fetchKnown(client: LiquidityClient, cache: ResponseCache, now: Date): Promise<void> {
  const answers = await Promise.all(
    ASSET_TYPES.map((assetType) =>
      client.getAnalytics({ groupBy: 'stock', days: ANALYTICS_DAYS, assetType }),
    ),
  )
  answers.forEach((a, i) => cache.put(cycleStockRequest(ASSET_TYPES[i]!), a, now.toISOString()))
}

/** The symbol's detail as typed, then upper-cased (tickers are); throws the last failure. */
async function askDetail(
  client: LiquidityClient,
  cache: ResponseCache,
  piece: string,
  now: Date,
): Promise<string> {
  let last: unknown = null
  for (const symbol of new Set([piece, piece.toUpperCase()])) {
    try {
      cache.put(assetRequest(symbol), await client.getAsset(symbol), now)
      return symbol
    } catch (e) {
      last = e
      if (toSerializedError(e).kind !== 'not-found') break
    }
  }
  throw last
}

function emptyOutcome(): AddSymbolsOutcome {
  return { added: [], already: [], unknown: [], notChecked: [], full: [], problem: null }
}

/** Sorts the pieces out (not symbols, repeats, already watched) before the service is asked. */
function screen(pieces: readonly string[], watchlist: readonly string[], o: AddSymbolsOutcome) {
  const watched = new Map(watchlist.map((s) => [lower(s), s]))
  const seen = new Set<string>()
  const wanted: string[] = []
  for (const raw of pieces) {
    const piece = raw.trim()
    if (piece === '' || seen.has(lower(piece))) continue
    seen.add(lower(piece))
    const w = watched.get(lower(piece))
    if (!symbolSchema.safeParse(piece).success) o.unknown.push(piece)
    else if (w !== undefined) o.already.push(w)
    else wanted.push(piece)
  }
  return wanted
}

/** Resolves each piece to the service's spelling; what cannot be goes to unknown / notChecked. */
async function resolve(
  client: LiquidityClient,
  cache: ResponseCache,
  wanted: readonly string[],
  now: Date,
  o: AddSymbolsOutcome,
): Promise<string[]> {
  let known = knownByLower(cache)
  let listFailed = false
  /** The service is not answering (offline, rate-limited, the key): nothing more is asked. */
  let down = false
  const failed = (piece: string, e: unknown): void => {
    const err = toSerializedError(e)
    o.notChecked.push(piece)
    o.problem ??= err.message
    down ||= isPollWideError(err)
  }
  if (wanted.some((p) => !known.has(lower(p)))) {
    try {
      await fetchKnown(client, cache, now)
      known = knownByLower(cache)
    } catch (e) {
      listFailed = true
      const err = toSerializedError(e)
      o.problem = err.message
      down = isPollWideError(err)
    }
  }
  const found: string[] = []
  let asked = 0
  for (const piece of wanted) {
    const symbol = known.get(lower(piece))
    if (symbol !== undefined) found.push(symbol)
    else if (down) o.notChecked.push(piece)
    // Not in a list the service just gave: unknown, unless its detail says otherwise.
    else if (asked >= MAX_DETAIL_CHECKS) (listFailed ? o.notChecked : o.unknown).push(piece)
    else {
      asked++
      try {
        found.push(await askDetail(client, cache, piece, now))
      } catch (e) {
        if (toSerializedError(e).kind === 'not-found') o.unknown.push(piece)
        else failed(piece, e)
      }
    }
  }
  return [...new Set(found)]
}

/** Adds what the service knows (as it spells it) and says what it did with every piece. */
export async function addSymbols(
  settings: CoreSettings,
  data: Pick<DataSource, 'current'>,
  pieces: readonly string[],
  now: Date,
): Promise<AddSymbolsOutcome> {
  const o = emptyOutcome()
  const wanted = screen(pieces, settings.stored().watchlist, o)
  if (wanted.length === 0) return o
  const { connection, cache } = data.current()
  const found = await resolve(connection.client, cache, wanted, now, o)
  if (o.notChecked.length === 0) o.problem = null
  const before = settings.stored().watchlist
  const have = new Set(before)
  const fresh = found.filter((x) => !have.has(x))
  const room = Math.max(0, MAX_WATCHLIST - before.length)
  if (room > 0 && fresh.length > 0) {
    const added = fresh.slice(0, room)
    settings.update((s) => ({ ...s, watchlist: [...s.watchlist, ...added] }))
    o.added = added
  }
  o.full = fresh.slice(room)
  return o
}
