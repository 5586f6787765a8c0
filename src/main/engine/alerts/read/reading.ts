// Reads one symbol's observation once per cycle, before any rule: trusted (fresh, source-fresh, and
// compared like for like when parts of it vanished) or a reason there is no verdict (no data, fetch
// error, cached data, the service's data stopped advancing); plus its new baseline and the findings
// its row shows.
import { localWhen, type UtcOffset } from '../../../../shared/local-time'
import { absencesOf, readParts } from './baseline'
import { disagreementFindings } from './findings'
import { absenceText } from '../text/issuer-left'
import { isSourceStale, sourceStaleText } from './source-freshness'
import type {
  Absence,
  NoVerdict,
  Observation,
  Screened,
  SourceMark,
  SymbolBaseline,
  SymbolReading,
} from '../model'

export const SCREENED_DETAIL =
  'checked on the daily series of every symbol this poll: clear of its limits; its detail is fetched the moment it nears one'

export interface SymbolRead {
  reading: SymbolReading
  baseline: SymbolBaseline | undefined
  /** Plain-language findings about the data, for the row's problems. */
  findings: string[]
}

function absenceFinding(a: Absence, symbol: string, now: Date, tz: UtcOffset): string {
  return `${absenceText(a, symbol, now, tz)}; changes compare the rest like for like`
}

/** Absences known from the baseline, when this cycle brought no trusted reading to update them. */
function knownAbsences(
  symbol: string,
  prev: SymbolBaseline | undefined,
  now: Date,
  tz: UtcOffset,
): string[] {
  if (prev === undefined || Object.keys(prev.missing).length === 0) return []
  return absencesOf(prev, prev.missing).map((a) => absenceFinding(a, symbol, now, tz))
}

function notJudgedStale(symbol: string, source: SourceMark): NoVerdict {
  return {
    kind: 'stale',
    detail: `${sourceStaleText(symbol, source)}; not judged until it advances`,
  }
}

/** Screened on the bulk series: no verdict, the alert keeps the state it was last judged in. */
function readScreened(
  symbol: string,
  obs: Observation,
  prev: SymbolBaseline | undefined,
  now: Date,
  tz: UtcOffset,
): SymbolRead {
  const absences = knownAbsences(symbol, prev, now, tz)
  // Its last detail's contradictions still stand: the service has not answered otherwise since.
  const when = obs.fetchedAt === null ? '' : ` from ${localWhen(new Date(obs.fetchedAt), now, tz)}`
  const lastDetail = obs.detail
    ? disagreementFindings(obs.detail).map((f) => `${f}, in its last full check${when}`)
    : []
  const reading = { kind: 'screened', detail: SCREENED_DETAIL } as const
  return { reading, baseline: prev, findings: [...lastDetail, ...absences] }
}

export function readSymbol(
  symbol: string,
  obs: Observation | undefined,
  prev: SymbolBaseline | undefined,
  source: SourceMark | undefined,
  now: Date,
  /** The user's time zone, for the times in findings. */
  tz: UtcOffset,
): SymbolRead {
  const sourceStale = isSourceStale(source, now) && source !== undefined
  const shown = [
    ...(obs?.detail ? disagreementFindings(obs.detail) : []),
    ...(sourceStale ? [sourceStaleText(symbol, source)] : []),
  ]
  const untrusted = (reading: NoVerdict | Screened): SymbolRead => ({
    reading,
    baseline: prev,
    findings: [...shown, ...knownAbsences(symbol, prev, now, tz)],
  })
  if (obs === undefined) return untrusted({ kind: 'nodata', detail: `no data for ${symbol} yet` })
  if (obs.error !== null)
    return untrusted({ kind: 'error', detail: `fetch failed: ${obs.error.message}` })
  if (obs.screened === true) {
    // The bulk series screened is the service's newest data: source-stale stays a finding.
    if (sourceStale) return untrusted(notJudgedStale(symbol, source))
    return readScreened(symbol, obs, prev, now, tz)
  }
  if (obs.detail !== null && (obs.fromCache || obs.stale)) {
    const when = obs.fetchedAt === null ? '' : ` from ${obs.fetchedAt}`
    return untrusted({ kind: 'stale', detail: `only cached data${when}; not judged` })
  }
  if (obs.detail === null) {
    const kind = obs.fromCache || obs.stale ? 'stale' : 'nodata'
    return untrusted({ kind, detail: `no data for ${symbol}` })
  }
  // Our fetch is new but the service's data is not: never judged as a fresh change.
  if (sourceStale) return untrusted(notJudgedStale(symbol, source))
  const { baseline, lfl } = readParts(prev, obs.detail, now)
  const absent = lfl?.absences.map((a) => absenceFinding(a, symbol, now, tz)) ?? []
  return {
    reading: { kind: 'good', detail: obs.detail, lfl },
    baseline,
    findings: [...shown, ...absent],
  }
}
