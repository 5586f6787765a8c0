// Measure, transition and pace for one (rule, symbol) of a cycle, as a new record; then its events
// as the decide stage's candidates.
import type { AlertEvent, ChangeWindow } from '../../../shared/alert-rules'
import type { FlowResult } from '../../../shared/flow'
import type { SeriesPoint } from '../../../shared/liquidity-schemas'
import type { UtcOffset } from '../../../shared/local-time'
import { marketSession } from '../../../shared/market-hours'
import { noDataDetail } from './text/notes'
import { measure } from './measure/measure'
import { keepReference, poolReference } from './measure/pool-reference'
import { advance } from './pace/advance'
import type { Read } from './read/read-all'
import type {
  AlertEngineState,
  Candidate,
  InstanceRecord,
  IssuerWindows,
  Measurement,
  NoVerdict,
  Observation,
  Paced,
  SymbolReading,
  Target,
} from './model'

export interface JudgeInput {
  now: Date
  state: AlertEngineState
  /** Keyed by symbol; a symbol in scope without an entry reads as "no data". */
  observations: Map<string, Observation>
  prefs: { notifyUnverified: boolean }
  /** Symbols notified lately (the notification log outlives a reset): after a reset, only their
   *  episodes under way are not news. */
  recentlyNotified?: ReadonlySet<string>
  /** Per symbol with a fresh detail: its TVL change split into price and net flow per window. */
  flows?: Record<string, Partial<Record<ChangeWindow, FlowResult>>>
  /** Per symbol with a fresh detail: its issuers now against the app's history a window ago. */
  issuers?: Record<string, IssuerWindows>
  /** A symbol's daily series from this poll's bulk analytics (volume-change); undefined: none. */
  dailySeries?: (symbol: string) => readonly SeriesPoint[] | undefined
}

function measureTarget(
  t: Target,
  reading: Extract<SymbolReading, { kind: 'good' }>,
  poolRef: number | null,
  input: JudgeInput,
): Measurement | NoVerdict {
  const flows = { ...input.flows?.[t.symbol] }
  const issuers = { ...input.issuers?.[t.symbol] }
  const margin = t.rule.rearmMarginPct
  const series = input.dailySeries?.(t.symbol)
  return measure(t.symbol, reading, t.condition, margin, poolRef, flows, issuers, series)
}

/** One (rule, symbol) through measure, transition and pace. */
export interface Judged extends Paced {
  target: Target
  prev: InstanceRecord | undefined
  disagreement: string | null
  /** See InstanceRecord.seeded. */
  seeded: boolean
  /** Why trusted data could not be judged, for the row. */
  finding: string | null
  /** Judged on trusted data. */
  good: boolean
}

/** The read stage's findings with what the rules could not judge on trusted data. */
export function withFindings(findings: Record<string, string[]>, judged: Judged[]) {
  const out = Object.fromEntries(Object.entries(findings).map(([k, v]) => [k, [...v]]))
  for (const { target, finding } of judged) {
    if (finding === null) continue
    const said = (out[target.symbol] ??= [])
    if (!said.includes(finding)) said.push(finding)
  }
  return out
}

export function judge(
  t: Target,
  prev: InstanceRecord | undefined,
  input: JudgeInput,
  read: Read,
  tz: UtcOffset,
): Judged {
  const { now, state } = input
  const { notifyUnverified } = input.prefs
  const nodata = { kind: 'nodata', detail: noDataDetail(t.symbol) } as const
  const reading = read.readings.get(t.symbol) ?? nodata
  const poolRef = poolReference(t, prev, state.pools[t.symbol])
  const verdict = reading.kind === 'good' ? measureTarget(t, reading, poolRef, input) : reading
  const absences = reading.kind === 'good' ? (reading.lfl?.absences ?? []) : null
  const paced = advance(prev, t, verdict, { now, notifyUnverified, absences, tz })
  // Trusted data the rule cannot judge yet (no history): still watched since now. Figures that
  // disagree are not a look at the condition: a drop measured once they agree was there before.
  const disagreeing = verdict.kind === 'measured' && !verdict.verified && !notifyUnverified
  const looked = reading.kind === 'good' && !disagreeing
  // After a reset, an episode under way at the backfill poll whose symbol the user was notified
  // about lately was told before: neither its 'fired' (a poll or more later) nor its end is news.
  // One never told (it was still pending when the file broke) is notified as usual.
  const toldBefore = input.recentlyNotified?.has(t.symbol) ?? false
  const seeded = (!state.initialized && state.afterReset && toldBefore) || (prev?.seeded ?? false)
  const r = keepReference(paced.record, poolRef)
  const watchedSince = looked ? (r.watchedSince ?? now.toISOString()) : r.watchedSince
  const record = { ...r, watchedSince, seeded: seeded && r.phase !== 'ok' }
  const disagreement = verdict.kind === 'measured' ? verdict.disagreement : null
  const good = reading.kind === 'good'
  // Trusted data the figures cannot judge: the row says why (else it reads nodata without a reason).
  const finding = good && verdict.kind !== 'measured' ? verdict.detail : null
  return { ...paced, record, target: t, prev, disagreement, seeded, finding, good }
}

/** Only stocks and commodities have an underlying market to speak of. */
const WITH_MARKET = new Set(['stock', 'commodity'])

/** The underlying's market session when the observation's data was fetched (else now). */
function marketAtData(symbol: string, obs: Observation | undefined, now: Date) {
  const assetType = obs?.detail?.assetType
  if (assetType === undefined || !WITH_MARKET.has(assetType)) return undefined
  const at = obs?.fetchedAt ? new Date(obs.fetchedAt) : now
  return marketSession({ symbol, assetType }, at)
}

/** Each judged event with its id and what it rests on, as the decide stage's candidates. */
export function candidatesOf(
  judged: Judged[],
  input: JudgeInput,
  newId: () => string,
): Candidate[][] {
  return judged.map((j) =>
    j.drafted.map(({ draft, withhold }) => {
      const t = j.target
      const event: AlertEvent = { id: newId(), ...draft }
      const obs = input.observations.get(t.symbol)
      const market = marketAtData(t.symbol, obs, input.now)
      if (market !== undefined) event.market = market
      // Every event of a (rule, symbol) rests on its detail this poll: the one the verdict judged.
      if (obs?.fetchedAt) event.asOf = obs.fetchedAt
      const seeded = j.seeded && (draft.type === 'fired' || draft.type === 'resolved')
      const { snoozed, fingerprint } = t
      const once = t.rule.notify === 'once'
      return { event, snoozed, once, fingerprint, seeded, withhold, disagreement: j.disagreement }
    }),
  )
}
