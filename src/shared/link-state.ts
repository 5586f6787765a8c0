// The one vocabulary of connection and data states (what the user is looking at, and why), defined
// once and used by the banner, the status bar, the tray, the asset view and the CLI's notes:
// Online · Offline ("Offline — showing data from 14:05, 2 h ago") · Degraded (some requests fail,
// others succeed: which) · Rate-limited until 14:05 · Key problem · Polling paused; Demo data is
// said beside any of them. The facts are built in main (core/status.ts); the words here, with the
// surface's own way of writing a time.
import { isPollWideError, isSetupError, type SerializedError } from './errors'
import { joinNames } from './plain-list'

export type LinkKind =
  'starting' | 'online' | 'offline' | 'degraded' | 'rate-limited' | 'key-problem' | 'paused'

export const LINK_LABELS: Record<LinkKind, string> = {
  starting: 'Connecting',
  online: 'Online',
  offline: 'Offline',
  degraded: 'Degraded',
  'rate-limited': 'Rate-limited',
  'key-problem': 'Key problem',
  paused: 'Polling paused',
}

export const DEMO_LABEL = 'Demo data'

export interface LinkFacts {
  kind: LinkKind
  /** When the data on screen was fetched, while it is not this poll's (ISO); else null. */
  dataFrom: string | null
  /** Rate-limited: when the service lets us ask again (ISO), if it said. */
  until: string | null
  /** Degraded: the symbols whose latest request failed while others succeeded. */
  failedSymbols: string[]
  /** Degraded: that is every symbol shown; only the bulk daily figures answered. */
  everySymbol: boolean
  /** What went wrong, in plain words (the error's own message), or null. */
  detail: string | null
}

/** What a poller reports, as far as the state of the link goes. */
export interface LinkInputs {
  /** The poller: 'idle' before any poll, 'paused', 'online' after a poll with a success, else the
   *  last poll wholly failed ('degraded' for the poller's first failures, 'offline' after more). */
  connection: 'idle' | 'online' | 'degraded' | 'offline' | 'paused'
  lastError: SerializedError | null
  lastAttemptAt: string | null
  /** The oldest shown data older than its cadence, else the last success, else the newest cached. */
  dataFrom: string | null
  /** Rows whose own latest request failed. */
  failedRows: readonly { symbol: string; error: SerializedError | null }[]
}

const MAX_NAMED = 3

export function linkFacts(i: LinkInputs): LinkFacts {
  const e = i.lastError
  const base = {
    dataFrom: i.dataFrom,
    until: null,
    failedSymbols: [],
    everySymbol: false,
    detail: e?.message ?? null,
  }
  if (i.connection === 'paused') return { ...base, kind: 'paused', detail: null }
  if (e && isSetupError(e)) return { ...base, kind: 'key-problem' }
  if (e?.kind === 'rate-limited') {
    const from = i.lastAttemptAt === null ? null : Date.parse(i.lastAttemptAt)
    const until =
      from !== null && e.retryAfterMs !== undefined
        ? new Date(from + e.retryAfterMs).toISOString()
        : null
    return { ...base, kind: 'rate-limited', until }
  }
  // The last poll got nothing from the service: what is shown is what we had (also right after a
  // restart with the service down, before the poller's back-off calls it offline).
  if (i.connection === 'offline' || i.connection === 'degraded') return { ...base, kind: 'offline' }
  if (i.connection === 'idle') return { ...base, kind: 'starting', detail: null }
  if (e && isPollWideError(e)) {
    const failedSymbols = i.failedRows
      .filter((r) => r.error !== null && isPollWideError(r.error))
      .map((r) => r.symbol)
    const everySymbol = failedSymbols.length > 0 && failedSymbols.length === i.failedRows.length
    return { ...base, kind: 'degraded', failedSymbols, everySymbol }
  }
  return { ...base, kind: 'online', dataFrom: null, detail: null }
}

/** How a surface writes a time ("14:05", "Nov 27, 14:05") and an age ("2 h ago"). */
export interface TimeWords {
  time(iso: string): string
  age(iso: string): string
}

export interface LinkWords {
  /** For the status bar and the tray: "Offline", "Rate-limited until 14:05". */
  label: string
  /** For the banner and the CLI: "Offline — showing data from 14:05, 2 h ago". */
  sentence: string
}

function shown(f: LinkFacts, w: TimeWords): string {
  return f.dataFrom === null
    ? 'no data has been loaded yet'
    : `showing data from ${w.time(f.dataFrom)}, ${w.age(f.dataFrom)}`
}

function failedNames(symbols: readonly string[]): string {
  if (symbols.length === 0) return 'some requests'
  if (symbols.length <= MAX_NAMED) return joinNames([...symbols])
  return joinNames([...symbols.slice(0, MAX_NAMED), `${symbols.length - MAX_NAMED} more`])
}

export function linkWords(f: LinkFacts, w: TimeWords): LinkWords {
  const label =
    f.kind === 'rate-limited' && f.until !== null
      ? `${LINK_LABELS[f.kind]} until ${w.time(f.until)}`
      : LINK_LABELS[f.kind]
  switch (f.kind) {
    case 'offline':
    case 'rate-limited':
    case 'key-problem':
      return { label, sentence: `${label} — ${shown(f, w)}` }
    case 'degraded':
      return {
        label,
        sentence: f.everySymbol
          ? `${label} — the latest figures of every symbol (${failedNames(f.failedSymbols)}) could not be fetched; only the daily figures are current`
          : `${label} — the latest figures of ${failedNames(f.failedSymbols)} could not be fetched; the rest are current`,
      }
    case 'starting':
      return { label, sentence: `${label} to the service…` }
    case 'paused':
      return { label, sentence: `${label} — ${shown(f, w)}` }
    case 'online':
      return { label, sentence: label }
  }
}
