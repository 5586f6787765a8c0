// One evaluation cycle: observations + rules + previous state → new state, events, notification
// decisions and per-instance views. Pure: the clock, preferences and state all come in as input.
import type {
  AlertEvent,
  AlertInstance,
  AlertRule,
  ChangeWindow,
  NotificationDecision,
} from '../../../shared/alert-rules'
import type { FlowResult } from '../../../shared/flow'
import type { SeriesPoint } from '../../../shared/liquidity-schemas'
import type { IssuerWindows } from '../history/issuer-window'
import { instanceKey, toInstance } from './engine-state'
import { measure } from './measure/measure'
import { readSymbol } from './read/reading'
import { advance } from './pace/advance'
import { owedAgain, settleOwed } from './pace/owed'
import { decideNotifications, type NotifyOutput } from './decide/notify'
import { utcTime } from '../../../shared/local-time'
import type { NotifyPrefs } from './decide/quiet-hours'
import type { UtcOffset } from '../../../shared/local-time'
import type { LikeForLikeChange } from '../../../shared/view-models'
import { trackSource } from './read/source-freshness'
import type { ReleaseVerdict } from './notes'
import { liveTargets, type Target } from './rules'
import { keepReference, poolCountsOf, poolReference } from './measure/pool-reference'
import { marketAtData } from './market-note'
import { awaySpell, stillFiring } from './decide/away'
import type {
  AlertEngineState,
  Candidate,
  InstanceRecord,
  Observation,
  Paced,
  PoolCounts,
  SourceMark,
  SymbolBaseline,
  SymbolReading,
} from './model'

export interface CycleInput {
  now: Date
  rules: AlertRule[]
  watchlist: string[]
  /** Keyed by symbol; a symbol in scope without an entry reads as "no data". */
  observations: Map<string, Observation>
  /** Newest daily series date per symbol from this poll's fresh analytics (source freshness). */
  sourceDates?: Map<string, string>
  prefs: NotifyPrefs
  state: AlertEngineState
  /**
   * Symbols the user was notified about lately (from the notification log, which outlives a reset
   * of the alert state): after a reset, only their episodes under way are not news.
   */
  recentlyNotified?: ReadonlySet<string>
  /** Longer than this without fresh data is being away (away.ts); undefined: never. */
  awayAfterMs?: number
  /**
   * Per symbol with a fresh detail: its TVL change split into price and net flow per window, from
   * the app's own history (net-flow rules); a symbol without one is not judged on net flow.
   */
  flows?: Record<string, Partial<Record<ChangeWindow, FlowResult>>>
  /**
   * Per symbol with a fresh detail: its issuers now against the app's history one window ago
   * (issuer-drop rules, ignoreMigrations); a symbol without one is not judged on them.
   */
  issuers?: Record<string, IssuerWindows>
  /** A symbol's daily series from this poll's bulk analytics (volume-change); undefined: none. */
  dailySeries?: (symbol: string) => readonly SeriesPoint[] | undefined
}

export interface CycleResult {
  state: AlertEngineState
  /** Everything to append to the history log: fired/resolved/repeated, then held/delivered. */
  events: AlertEvent[]
  decisions: NotificationDecision[]
  /** One per live (rule, symbol), in rule then scope order. */
  instances: AlertInstance[]
  /** Per symbol read this cycle: what makes its data less than trustworthy, in plain words. */
  findings: Record<string, string[]>
  /** Per symbol with parts missing: the like-for-like change the rules judged. */
  likeForLike: Record<string, LikeForLikeChange>
}

/** The read stage's value: each symbol's reading, and the facts kept about it. */
interface Read {
  readings: Map<string, SymbolReading>
  baselines: Record<string, SymbolBaseline>
  findings: Record<string, string[]>
  sources: Record<string, SourceMark>
  pools: Record<string, PoolCounts>
}

/** Read each symbol once, so a vanished issuer is reported (and re-baselined) once for all rules. */
function readAll(input: CycleInput, symbols: Set<string>, tz: UtcOffset): Read {
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
    // Counts with parts missing from the data are not a reference: a drop or a return would
    // then read as pools lost or gained.
    const whole = r.kind === 'good' && (r.lfl === null || r.lfl.missing.length === 0)
    const last = state.pools[symbol]
    if (r.kind === 'good' && whole) out.pools[symbol] = poolCountsOf(r.detail, now)
    else if (last !== undefined) out.pools[symbol] = last
  }
  return out
}

/** One (rule, symbol) through measure, transition and pace. */
interface Judged extends Paced {
  target: Target
  prev: InstanceRecord | undefined
  disagreement: string | null
  /** Its 'fired' and 'resolved' are recorded, not notified (InstanceRecord.seeded). */
  seeded: boolean
  /** Why trusted data could not be judged, for the row. */
  finding: string | null
  /** Judged on trusted data. */
  good: boolean
}

/** The read stage's findings with what the rules could not judge on trusted data. */
function withFindings(findings: Record<string, string[]>, judged: Judged[]) {
  const out = Object.fromEntries(Object.entries(findings).map(([k, v]) => [k, [...v]]))
  for (const { target, finding } of judged) {
    if (finding === null) continue
    const said = (out[target.symbol] ??= [])
    if (!said.includes(finding)) said.push(finding)
  }
  return out
}

function judge(
  t: Target,
  prev: InstanceRecord | undefined,
  input: CycleInput,
  read: Read,
  tz: UtcOffset,
): Judged {
  const { now, state } = input
  const { notifyUnverified } = input.prefs
  const reading = read.readings.get(t.symbol) ?? {
    kind: 'nodata',
    detail: `no data for ${t.symbol}`,
  }
  const poolRef = poolReference(t, prev, state.pools[t.symbol])
  const verdict =
    reading.kind === 'good'
      ? measure(
          t.symbol,
          reading,
          t.condition,
          t.rule.rearmMarginPct,
          poolRef,
          { ...input.flows?.[t.symbol] },
          { ...input.issuers?.[t.symbol] },
          input.dailySeries?.(t.symbol),
        )
      : reading
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
  // Trusted data the figures cannot judge: the row says why (else it reads nodata without a reason).
  const finding = reading.kind === 'good' && verdict.kind !== 'measured' ? verdict.detail : null
  const good = reading.kind === 'good'
  return { ...paced, record, target: t, prev, disagreement, seeded, finding, good }
}

/** Each judged event with its id and what it rests on, as the decide stage's candidates. */
function candidatesOf(judged: Judged[], input: CycleInput, newId: () => string): Candidate[][] {
  return judged.map((j) =>
    j.drafted.map(({ draft, withhold }) => {
      const event: AlertEvent = { id: newId(), ...draft }
      const obs = input.observations.get(j.target.symbol)
      const market = marketAtData(j.target.symbol, obs, input.now)
      if (market !== undefined) event.market = market
      // Every event of a (rule, symbol) rests on its detail this poll: the one the verdict judged.
      if (obs?.fetchedAt) event.asOf = obs.fetchedAt
      const t = j.target
      const seeded = j.seeded && (draft.type === 'fired' || draft.type === 'resolved')
      const { snoozed, fingerprint } = t
      const once = t.rule.notify === 'once'
      return { event, snoozed, once, fingerprint, seeded, withhold, disagreement: j.disagreement }
    }),
  )
}

/** The records after the decisions: who was notified, whose cooldown restarts, what is owed. */
function settle(judged: Judged[], cands: Candidate[][], notified: NotifyOutput, at: string) {
  const notifiedKeys = new Set(notified.notifiedKeys)
  const outKeys = new Set(notified.outKeys)
  return judged.map(({ record: r, prev }, i) => {
    const key = instanceKey(r.ruleId, r.symbol)
    const reowed = notified.reowed.filter((e) => instanceKey(e.ruleId, e.symbol) === key)
    const owed = settleOwed(r, prev, reowed, cands[i] ?? [], notified.withheld)
    const lastNotifiedAt = notifiedKeys.has(key) ? at : r.lastNotifiedAt
    const lastOutAt = outKeys.has(key) ? at : r.lastOutAt
    return { ...r, owed, lastNotifiedAt, lastOutAt }
  })
}

export function evaluateCycle(input: CycleInput): CycleResult {
  const { now, state } = input
  const at = now.toISOString()
  let seq = state.seq
  // Time-prefixed so ids stay unique even if a quarantined state restarts the counter.
  const newId = (): string => `${now.getTime().toString(36)}-${++seq}`
  const targets = liveTargets(input.rules, input.watchlist, now)
  const tz = input.prefs.utcOffset ?? utcTime
  const read = readAll(
    input,
    new Set([...targets.map((t) => t.symbol), ...input.observations.keys()]),
    tz,
  )
  const previous = new Map(state.instances.map((r) => [instanceKey(r.ruleId, r.symbol), r]))
  const judged = targets.map((t) =>
    judge(t, previous.get(instanceKey(t.rule.id, t.symbol)), input, read, tz),
  )
  const cands = candidatesOf(judged, input, newId)
  const alertEvents = cands.flat().map((c) => c.event)
  const records = judged.map((j) => j.record)
  const backfill = !state.initialized
  const seen = [...read.readings.values()].some((r) => r.kind === 'good' || r.kind === 'screened')
  const spell = backfill ? null : awaySpell(state.lastSeenAt, now, seen, input.awayAfterMs)
  const byKey = new Map(records.map((r) => [instanceKey(r.ruleId, r.symbol), r]))
  const reowable = state.held.filter(
    (h) => owedAgain(byKey.get(instanceKey(h.event.ruleId, h.event.symbol)), h.event) !== null,
  )
  const notified = decideNotifications({
    away: spell && { spell, still: stillFiring(records, alertEvents, targets), tz },
    now,
    prefs: input.prefs,
    // A first start tells what it finds (marked as under way before); after a reset it may have
    // been told already, so the first poll only records.
    backfill: backfill && state.afterReset,
    candidates: cands.flat(),
    onceSent: state.onceSent,
    held: state.held,
    heldOverflow: state.heldOverflow,
    newId,
    release: releaseVerdict(input.rules, targets),
    reowable: new Set(reowable.map((h) => h.event.id)),
  })
  const settled = settle(judged, cands, notified, at)
  const freshData = judged.some((j) => j.good)
  return {
    state: nextState(input, { read, settled, notified, seq, seen, freshData }),
    events: [...alertEvents, ...notified.events],
    decisions: notified.decisions,
    instances: settled.map((r, i) => toInstance(r, (targets[i] as Target).rule, now)),
    findings: withFindings(read.findings, judged),
    likeForLike: judgedChanges(read.readings),
  }
}

function nextState(
  input: CycleInput,
  c: {
    read: Read
    settled: InstanceRecord[]
    notified: NotifyOutput
    seq: number
    seen: boolean
    freshData: boolean
  },
): AlertEngineState {
  const { state } = input
  // 'once' memory survives disabling a rule, not deleting it.
  const ruleIds = new Set(input.rules.map((r) => r.id))
  const onceSent = Object.fromEntries(
    Object.entries(c.notified.onceSent).filter(([key]) =>
      ruleIds.has(key.split('\u0000')[0] ?? ''),
    ),
  )
  return {
    version: 1,
    initialized: state.initialized || c.freshData,
    afterReset: state.afterReset && !(state.initialized || c.freshData),
    seq: c.seq,
    instances: c.settled,
    baselines: c.read.baselines,
    sources: c.read.sources,
    pools: c.read.pools,
    onceSent,
    held: c.notified.held,
    heldOverflow: c.notified.heldOverflow,
    lastSeenAt: c.seen ? input.now.toISOString() : state.lastSeenAt,
    away: c.notified.away ?? state.away,
  }
}

/** What each symbol read like for like was judged on (shown beside its raw change). */
function judgedChanges(readings: Map<string, SymbolReading>): Record<string, LikeForLikeChange> {
  const out: Record<string, LikeForLikeChange> = {}
  for (const [symbol, r] of readings) {
    if (r.kind !== 'good' || r.lfl === null) continue
    const { without, change } = r.lfl
    out[symbol] = { without, change7dPct: change['7d'], change30dPct: change['30d'] }
  }
  return out
}

/** A held alert is delivered only if its rule still exists, still covers the symbol and is not snoozed. */
function releaseVerdict(
  rules: AlertRule[],
  targets: Target[],
): (ruleId: string, symbol: string) => ReleaseVerdict {
  const live = new Map(targets.map((t) => [instanceKey(t.rule.id, t.symbol), t]))
  const ids = new Set(rules.map((r) => r.id))
  return (ruleId, symbol) => {
    const t = live.get(instanceKey(ruleId, symbol))
    if (t === undefined) return ids.has(ruleId) ? 'rule-disabled' : 'rule-deleted'
    return t.snoozed ? 'snoozed' : 'deliver'
  }
}
