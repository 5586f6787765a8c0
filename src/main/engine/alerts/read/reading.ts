// Reads one symbol's observation once per cycle, before any rule: trusted (fresh, source-fresh, and
// compared like for like when parts of it vanished) or why there is no verdict; plus its new
// baseline and the findings its row shows.
import { CHANGE_WINDOWS } from '../../../../shared/alert-rules'
import { computeChange } from '../../../../shared/change'
import type { AssetDetail } from '../../../../shared/liquidity-schemas'
import { localWhen, type UtcOffset } from '../../../../shared/local-time'
import { disagreement } from '../measure/change'
import type {
  Absence,
  NoVerdict,
  Observation,
  Screened,
  SourceMark,
  SymbolBaseline,
  SymbolReading,
} from '../model'
import { windowDays } from '../text/format'
import { absenceText } from '../text/issuer-left'
import { absencesOf, readParts } from './baseline'
import { isSourceStale, sourceStaleText } from './source-freshness'

const SCREENED_DETAIL =
  'checked on the daily series of every symbol this poll: clear of its limits; its detail is fetched the moment it nears one'

export interface SymbolRead {
  reading: SymbolReading
  baseline: SymbolBaseline | undefined
  /** Plain-language findings about the data, for the row's problems. */
  findings: string[]
}

/** "figures disagree: service says +2.0 %, history says −30.1 % (7-day change)", per window. */
function disagreementFindings(detail: AssetDetail): string[] {
  return CHANGE_WINDOWS.flatMap((w) => {
    const change = computeChange(detail, w)
    const text = change && disagreement(change)
    return text ? [`${text} (${windowDays(w)}-day change)`] : []
  })
}

type Judgeable = { kind: 'good'; detail: AssetDetail } | NoVerdict | Screened

/** The detail to judge, or why there is none this cycle. */
function judgeable(symbol: string, obs: Observation | undefined, stale?: SourceMark): Judgeable {
  // Our fetch (or the bulk series screened) is new but the service's data is not: never judged
  // as a fresh change.
  const notJudged = (s: SourceMark): NoVerdict => ({
    kind: 'stale',
    detail: `${sourceStaleText(symbol, s)}; not judged until it advances`,
  })
  if (obs === undefined) return { kind: 'nodata', detail: `no data for ${symbol} yet` }
  if (obs.error !== null) return { kind: 'error', detail: `fetch failed: ${obs.error.message}` }
  if (obs.screened === true)
    return stale ? notJudged(stale) : { kind: 'screened', detail: SCREENED_DETAIL }
  if (obs.detail !== null && (obs.fromCache || obs.stale)) {
    const when = obs.fetchedAt === null ? '' : ` from ${obs.fetchedAt}`
    return { kind: 'stale', detail: `only cached data${when}; not judged` }
  }
  if (obs.detail === null)
    return {
      kind: obs.fromCache || obs.stale ? 'stale' : 'nodata',
      detail: `no data for ${symbol}`,
    }
  return stale ? notJudged(stale) : { kind: 'good', detail: obs.detail }
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
  const stale = isSourceStale(source, now) ? source : undefined
  const r = judgeable(symbol, obs, stale)
  const absent = (list: Absence[]): string[] =>
    list.map((a) => `${absenceText(a, symbol, now, tz)}; changes compare the rest like for like`)
  const disagree = obs?.detail ? disagreementFindings(obs.detail) : []
  if (r.kind === 'good') {
    const { baseline, lfl } = readParts(prev, r.detail, now)
    return {
      reading: { ...r, lfl },
      baseline,
      findings: [...disagree, ...absent(lfl?.absences ?? [])],
    }
  }
  // Screened: its last detail's contradictions still stand (the service has not said otherwise).
  const lastCheck = (at: string | null | undefined): string =>
    `, in its last full check${at == null ? '' : ` from ${localWhen(new Date(at), now, tz)}`}`
  const shown =
    r.kind === 'screened' ? disagree.map((f) => f + lastCheck(obs?.fetchedAt)) : disagree
  return {
    reading: r,
    baseline: prev,
    findings: [
      ...shown,
      ...(stale ? [sourceStaleText(symbol, stale)] : []),
      ...(prev === undefined ? [] : absent(absencesOf(prev, prev.missing))),
    ],
  }
}
