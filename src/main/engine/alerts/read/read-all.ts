// The read stage for a cycle: each symbol read once (so a vanished issuer is reported and
// re-baselined once for all rules), with the facts kept about it: baselines, source marks, pools.
import type { UtcOffset } from '../../../../shared/local-time'
import type { LikeForLikeChange } from '../../../../shared/view-models'
import { poolCountsByNetwork } from '../../../../shared/pool-counts'
import type {
  AlertEngineState,
  Observation,
  PoolCounts,
  SourceMark,
  SymbolBaseline,
  SymbolReading,
} from '../model'
import { readSymbol } from './reading'
import { trackSource } from './source-freshness'

export interface ReadInput {
  now: Date
  state: AlertEngineState
  observations: Map<string, Observation>
  sourceDates?: Map<string, string>
}

/** The read stage's value: each symbol's reading, and the facts kept about it. */
export interface Read {
  readings: Map<string, SymbolReading>
  baselines: Record<string, SymbolBaseline>
  findings: Record<string, string[]>
  sources: Record<string, SourceMark>
  pools: Record<string, PoolCounts>
}

export function readAll(input: ReadInput, symbols: Set<string>, tz: UtcOffset): Read {
  const { now, state } = input
  const out: Read = { readings: new Map(), baselines: {}, findings: {}, sources: {}, pools: {} }
  for (const symbol of symbols) {
    const mark = trackSource(state.sources[symbol], input.sourceDates?.get(symbol), now)
    if (mark !== undefined) out.sources[symbol] = mark
    const obs = input.observations.get(symbol)
    const read = readSymbol(symbol, obs, state.baselines[symbol], mark, now, tz)
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
