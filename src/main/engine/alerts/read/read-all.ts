// The read stage: each symbol read once per cycle, before any rule (so a vanished issuer is
// re-baselined once for all rules): trusted (fresh, source-fresh, like for like when parts vanished)
// or why there is no verdict; with the facts kept about it and the findings its row shows.
import { CHANGE_WINDOWS } from '../../../../shared/alert-rules'
import { computeChange } from '../../../../shared/change'
import type { AssetDetail } from '../../../../shared/liquidity-schemas'
import { localWhen, type UtcOffset } from '../../../../shared/local-time'
import { poolCountsByNetwork } from '../../../../shared/pool-counts'
import type { LikeForLikeChange } from '../../../../shared/view-models'
import { disagreement } from '../text/notes'
import type {
  Absence,
  AlertEngineState,
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
import { isSourceStale, sourceStaleText, trackSource } from './source-freshness'

export interface ReadInput {
  now: Date
  state: AlertEngineState
  observations: Map<string, Observation>
  sourceDates?: Map<string, string>
}

/** The read stage's value: each symbol's reading and findings, and the facts kept about it. */
export type Read = Pick<AlertEngineState, 'baselines' | 'sources' | 'pools'> & {
  readings: Map<string, SymbolReading>
  findings: Record<string, string[]>
}

const SCREENED_DETAIL =
  'checked on the daily series of every symbol this poll: clear of its limits; its detail is fetched the moment it nears one'

/** "figures disagree: service says +2.0 %, history says −30.1 % (7-day change)", per window. */
function disagreementFindings(detail: AssetDetail): string[] {
  return CHANGE_WINDOWS.flatMap((w) => {
    const change = computeChange(detail, w)
    const text = change && disagreement(change)
    return text ? [`${text} (${windowDays(w)}-day change)`] : []
  })
}

type Judgeable = { kind: 'good'; detail: AssetDetail } | NoVerdict | Screened

const no = (kind: NoVerdict['kind'], detail: string): NoVerdict => ({ kind, detail })

/** The detail to judge, or why there is none this cycle. */
function judgeable(symbol: string, obs: Observation | undefined, stale?: SourceMark): Judgeable {
  // Our fetch (or the bulk series screened) is new but the service's data is not: never judged
  // as a fresh change.
  const notJudged = (s: SourceMark) =>
    no('stale', `${sourceStaleText(symbol, s)}; not judged until it advances`)
  if (obs === undefined) return no('nodata', `no data for ${symbol} yet`)
  if (obs.error !== null) return no('error', `fetch failed: ${obs.error.message}`)
  if (obs.screened === true)
    return stale ? notJudged(stale) : { kind: 'screened', detail: SCREENED_DETAIL }
  const cached = obs.fromCache || obs.stale
  if (obs.detail === null) return no(cached ? 'stale' : 'nodata', `no data for ${symbol}`)
  const from = obs.fetchedAt === null ? '' : ` from ${obs.fetchedAt}`
  if (cached) return no('stale', `only cached data${from}; not judged`)
  return stale ? notJudged(stale) : { kind: 'good', detail: obs.detail }
}

/** One symbol's reading, its baseline after it, and the findings its row shows (times in `tz`). */
function readSymbol(
  symbol: string,
  obs: Observation | undefined,
  prev: SymbolBaseline | undefined,
  stale: SourceMark | undefined,
  now: Date,
  tz: UtcOffset,
): { reading: SymbolReading; baseline: SymbolBaseline | undefined; findings: string[] } {
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

export function readAll(input: ReadInput, symbols: Set<string>, tz: UtcOffset): Read {
  const { now, state } = input
  const out: Read = { readings: new Map(), baselines: {}, findings: {}, sources: {}, pools: {} }
  for (const symbol of symbols) {
    const mark = trackSource(state.sources[symbol], input.sourceDates?.get(symbol), now)
    if (mark !== undefined) out.sources[symbol] = mark
    const obs = input.observations.get(symbol)
    const stale = isSourceStale(mark, now) ? mark : undefined
    const read = readSymbol(symbol, obs, state.baselines[symbol], stale, now, tz)
    out.readings.set(symbol, read.reading)
    out.findings[symbol] = read.findings
    if (read.baseline !== undefined) out.baselines[symbol] = read.baseline
    const r = read.reading
    const last = state.pools[symbol]
    // Counts with parts missing from the data are not a reference: a drop or a return would
    // then read as pools lost or gained.
    if (r.kind === 'good' && (r.lfl === null || r.lfl.missing.length === 0))
      out.pools[symbol] = { at: now.toISOString(), networks: poolCountsByNetwork(r.detail) }
    else if (last !== undefined) out.pools[symbol] = last
  }
  return out
}

/** What each symbol read like for like was judged on (shown beside its raw change). */
export function judgedChanges(
  readings: Map<string, SymbolReading>,
): Record<string, LikeForLikeChange> {
  const out: Record<string, LikeForLikeChange> = {}
  for (const [symbol, r] of readings) {
    if (r.kind !== 'good' || r.lfl === null) continue
    const { without, change } = r.lfl
    out[symbol] = { without, change7dPct: change['7d'], change30dPct: change['30d'] }
  }
  return out
}
