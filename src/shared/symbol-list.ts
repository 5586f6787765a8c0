// A typed or pasted list of symbols (comma, semicolon, space or newline separated, any case), and
// the one line that says what adding it did. Main resolves the spelling; the renderer only splits.
import { joinNames } from './plain-list'
import type { WatchRow } from './view-models'

/** Pieces one call may carry (a whole watchlist: MAX_WATCHLIST of settings-schema, zod-free here). */
export const MAX_PIECES = 5000

/** A piece longer than this is no symbol: it is cut, so a pasted paragraph stays a small message. */
export const MAX_SYMBOL_PIECE = 40

/** The pieces of a typed or pasted list, as typed (no case change), empty ones dropped. */
export function splitSymbolList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .filter((p) => p !== '')
    .map((p) => (p.length > MAX_SYMBOL_PIECE ? `${p.slice(0, MAX_SYMBOL_PIECE)}…` : p))
}

/** What adding a list did; every piece given lands in exactly one list. */
export interface AddSymbolsOutcome {
  /** Added now, spelled as the service spells them (`msft` → MSFT). */
  added: string[]
  /** Already on the watchlist (in its spelling). */
  already: string[]
  /** The service does not know them, or they are not symbols (as typed). */
  unknown: string[]
  /** Could not be checked: the service could not be asked (`problem` says why). */
  notChecked: string[]
  /** Known, but the watchlist was full (MAX_WATCHLIST). */
  full: string[]
  /** Why some could not be checked, in plain words; null when all were. */
  problem: string | null
}

export interface AddSymbolsResult extends AddSymbolsOutcome {
  /** The watchlist's rows after the edit. */
  rows: WatchRow[]
  /** What happened, in one line (addSymbolsLine). */
  line: string
}

/** "TSLA, MSFT and 3 more": long lists stay one short line. */
export function someNames(names: readonly string[], max = 8): string {
  if (names.length <= max) return joinNames(names)
  return `${names.slice(0, max).join(', ')} and ${names.length - max} more`
}

const symbols = (n: number): string => `${n} symbol${n === 1 ? '' : 's'}`

/** The one line the add box shows: what was added, then what was not and why. */
export function addSymbolsLine(o: AddSymbolsOutcome, maxWatchlist: number): string {
  const parts: string[] = []
  if (o.added.length > 0)
    parts.push(`Added ${o.added.length <= 5 ? joinNames(o.added) : symbols(o.added.length)}.`)
  if (o.already.length > 0) parts.push(`Already watched: ${someNames(o.already)}.`)
  if (o.unknown.length > 0)
    parts.push(
      o.unknown.length === 1 && parts.length === 0
        ? `${o.unknown[0]} is not known to the service.`
        : `Not known to the service: ${someNames(o.unknown)}.`,
    )
  if (o.full.length > 0)
    parts.push(
      `Not added, the watchlist holds at most ${maxWatchlist} symbols: ${someNames(o.full)}.`,
    )
  if (o.notChecked.length > 0)
    parts.push(
      `Not checked with the service: ${someNames(o.notChecked)}${o.problem ? ` (${o.problem.replace(/\.$/, '')})` : ''}.`,
    )
  return parts.join(' ') || 'Nothing to add.'
}
