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
import { measure } from './measure'
import { readSymbol } from './reading'
import { advance } from './advance'
import { owedAfter } from './text/episode-news'
import { decideNotifications, type Candidate } from './notify'
import { utcTime } from '../../../shared/local-time'
import type { NotifyPrefs } from './quiet-hours'
import type { LikeForLikeChange } from '../../../shared/view-models'
import { trackSource } from './source-freshness'
import { noDataDetail, type ReleaseVerdict } from './text/notes'
import { liveTargets, type Target } from './rules'
import { keepReference, poolCountsOf, poolReference } from './pool-reference'
import { marketAtData } from './text/market-note'
import { awaySpell, stillFiring } from './away'
import type {
  AlertEngineState,
  InstanceRecord,
  Observation,
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

export function evaluateCycle(input: CycleInput): CycleResult {
  const { now, state } = input
  const at = now.toISOString()
  let seq = state.seq
  // Time-prefixed so ids stay unique even if a quarantined state restarts the counter.
  const newId = (): string => `${now.getTime().toString(36)}-${++seq}`
  const targets = liveTargets(input.rules, input.watchlist, now)
  const tz = input.prefs.utcOffset ?? utcTime

  // Read each symbol once, so a vanished issuer is reported (and re-baselined) once for all rules.
  const symbols = new Set([...targets.map((t) => t.symbol), ...input.observations.keys()])
  const readings = new Map<string, SymbolReading>()
  const baselines: Record<string, SymbolBaseline> = {}
  const findings: Record<string, string[]> = {}
  const sources: Record<string, SourceMark> = {}
  const pools: Record<string, PoolCounts> = {}
  for (const symbol of symbols) {
    const mark = trackSource(state.sources[symbol], input.sourceDates?.get(symbol), now)
    if (mark !== undefined) sources[symbol] = mark
    const obs = input.observations.get(symbol)
    const read = readSymbol(symbol, obs, state.baselines[symbol], mark, now, tz)
    readings.set(symbol, read.reading)
    findings[symbol] = read.findings
    if (read.baseline !== undefined) baselines[symbol] = read.baseline
    const last = state.pools[symbol]
    // Counts with parts missing from the data are not a reference: a drop or a return would
    // then read as pools lost or gained.
    const whole =
      read.reading.kind === 'good' && read.reading.lfl?.missing.length !== undefined
        ? read.reading.lfl.missing.length === 0
        : read.reading.kind === 'good'
    if (read.reading.kind === 'good' && whole)
      pools[symbol] = poolCountsOf(read.reading.detail, now)
    else if (last !== undefined) pools[symbol] = last
  }

  const backfill = !state.initialized
  const previous = new Map(state.instances.map((r) => [instanceKey(r.ruleId, r.symbol), r]))
  const { notifyUnverified } = input.prefs
  const records: InstanceRecord[] = []
  const alertEvents: AlertEvent[] = []
  const candidates: Candidate[] = []
  /** Per event: the record it belongs to and that record before this cycle. */
  const origin = new Map<string, { record: InstanceRecord; prev: InstanceRecord | undefined }>()
  let freshData = false
  for (const t of targets) {
    const reading = readings.get(t.symbol) ?? { kind: 'nodata', detail: noDataDetail(t.symbol) }
    if (reading.kind === 'good') freshData = true
    const prev = previous.get(instanceKey(t.rule.id, t.symbol))
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
    // Trusted data the figures cannot judge: the row says why (else it reads nodata without a reason).
    if (reading.kind === 'good' && verdict.kind !== 'measured') {
      const said = (findings[t.symbol] ??= [])
      if (!said.includes(verdict.detail)) said.push(verdict.detail)
    }
    const absences = reading.kind === 'good' ? (reading.lfl?.absences ?? []) : null
    const { record, drafted } = advance(prev, t, verdict, { now, notifyUnverified, absences, tz })
    keepReference(record, poolRef)
    // Trusted data the rule cannot judge yet (no history): still watched since now. Figures that
    // disagree are not a look at the condition: a drop measured once they agree was there before.
    const disagreeing = verdict.kind === 'measured' && !verdict.verified && !notifyUnverified
    if (reading.kind === 'good' && !disagreeing) record.watchedSince ??= now.toISOString()
    // After a reset, an episode under way at the backfill poll whose symbol the user was notified
    // about lately was told before: neither its 'fired' (a poll or more later) nor its end is news.
    // One never told (it was still pending when the file broke) is notified as usual.
    const toldBefore = input.recentlyNotified?.has(t.symbol) ?? false
    const seeded = (backfill && state.afterReset && toldBefore) || (prev?.seeded ?? false)
    record.seeded = seeded && record.phase !== 'ok'
    records.push(record)
    const disagreement = verdict.kind === 'measured' ? verdict.disagreement : null
    for (const { draft, withhold } of drafted) {
      const event: AlertEvent = { id: newId(), ...draft }
      const obs = input.observations.get(t.symbol)
      const market = marketAtData(t.symbol, obs, now)
      if (market !== undefined) event.market = market
      // Every event of a (rule, symbol) rests on its detail this poll: the one the verdict judged.
      if (obs?.fetchedAt) event.asOf = obs.fetchedAt
      alertEvents.push(event)
      origin.set(event.id, { record, prev })
      candidates.push({
        event,
        snoozed: t.snoozed,
        once: t.rule.notify === 'once',
        fingerprint: t.fingerprint,
        seeded: seeded && (draft.type === 'fired' || draft.type === 'resolved'),
        withhold,
        disagreement,
      })
    }
  }

  const seen = [...readings.values()].some((r) => r.kind === 'good' || r.kind === 'screened')
  const spell = backfill ? null : awaySpell(state.lastSeenAt, now, seen, input.awayAfterMs)
  const notified = decideNotifications({
    away: spell && { spell, still: stillFiring(records, alertEvents, targets), tz },
    now,
    prefs: input.prefs,
    // A first start tells what it finds (marked as under way before); after a reset it may have
    // been told already, so the first poll only records.
    backfill: backfill && state.afterReset,
    candidates,
    onceSent: state.onceSent,
    held: state.held,
    heldOverflow: state.heldOverflow,
    newId,
    release: releaseVerdict(input.rules, targets),
    oweAgain: (e) => {
      const r = records.find((x) => x.ruleId === e.ruleId && x.symbol === e.symbol)
      return r !== undefined && oweAgain(r, e)
    },
  })
  const notifiedKeys = new Set(notified.notifiedKeys)
  for (const r of records)
    if (notifiedKeys.has(instanceKey(r.ruleId, r.symbol))) r.lastNotifiedAt = at
  const outKeys = new Set(notified.outKeys)
  for (const c of candidates) {
    const o = origin.get(c.event.id)
    if (o === undefined) continue
    if (c.withhold !== null && notified.withheld.has(c.event.id))
      o.record.owed = owedAfter(c.event, c.withhold, o.prev, o.record.owed)
    else if (c.event.type === 'fired' || c.event.type === 'resolved') o.record.owed = null
  }
  for (const r of records) if (outKeys.has(instanceKey(r.ruleId, r.symbol))) r.lastOutAt = at

  // 'once' memory survives disabling a rule, not deleting it.
  const ruleIds = new Set(input.rules.map((r) => r.id))
  const onceSent = Object.fromEntries(
    Object.entries(notified.onceSent).filter(([key]) => ruleIds.has(key.split('\u0000')[0] ?? '')),
  )

  return {
    state: {
      version: 1,
      initialized: state.initialized || freshData,
      afterReset: state.afterReset && !(state.initialized || freshData),
      seq,
      instances: records,
      baselines,
      sources,
      pools,
      onceSent,
      held: notified.held,
      heldOverflow: notified.heldOverflow,
      lastSeenAt: seen ? at : state.lastSeenAt,
      away: notified.away ?? state.away,
    },
    events: [...alertEvents, ...notified.events],
    decisions: notified.decisions,
    instances: records.map((r, i) => toInstance(r, (targets[i] as Target).rule, now)),
    findings,
    likeForLike: judgedChanges(readings),
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

/**
 * Keeps a released alert's news owed while it is still true ('fired' while firing, 'resolved' while
 * not) and nothing else is owed; returns whether it did.
 */
function oweAgain(r: InstanceRecord, e: AlertEvent): boolean {
  const type = e.type === 'fired' || e.type === 'resolved' ? e.type : null
  const stillTrue = type !== null && (type === 'fired') === (r.phase === 'firing')
  if (type === null || !stillTrue || (r.owed !== null && r.owed.type !== type)) return false
  r.owed = { type, why: 'figures-disagree' }
  return true
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
