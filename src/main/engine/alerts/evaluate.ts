// One evaluation cycle: observations + rules + previous state → new state, events, notification
// decisions and per-instance views. Pure: the clock, preferences and state all come in as input.
import type {
  AlertEvent,
  AlertInstance,
  AlertRule,
  NotificationDecision,
} from '../../../shared/alert-rules'
import { instanceKey, toInstance } from './engine-state'
import { candidatesOf, judge, withFindings, type JudgeInput, type Judged } from './judge'
import { judgedChanges, readAll, type Read } from './read/read-all'
import { owedAgain, settleOwed } from './pace/owed'
import { decideNotifications, type NotifyOutput } from './decide/notify'
import { utcTime, type UtcOffset } from '../../../shared/local-time'
import type { NotifyPrefs } from './decide/quiet-hours'
import type { LikeForLikeChange } from '../../../shared/view-models'
import type { ReleaseVerdict } from './text/notes'
import { liveTargets, type Target } from './rules'
import { awaySpell, stillFiring } from './decide/away'
import type { AlertEngineState, Candidate, InstanceRecord } from './model'

export interface CycleInput extends JudgeInput {
  rules: AlertRule[]
  watchlist: string[]
  /** Newest daily series date per symbol from this poll's fresh analytics (source freshness). */
  sourceDates?: Map<string, string>
  prefs: NotifyPrefs
  /** Longer than this without fresh data is being away (away.ts); undefined: never. */
  awayAfterMs?: number
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

const keyOf = (e: { ruleId: string; symbol: string }) => instanceKey(e.ruleId, e.symbol)

/** The records after the decisions: who was notified, whose cooldown restarts, what is owed. */
function settle(judged: Judged[], cands: Candidate[][], notified: NotifyOutput, at: string) {
  const notifiedKeys = new Set(notified.notified.map(keyOf))
  const outKeys = new Set(notified.out.map(keyOf))
  return judged.map(({ record: r, prev }, i) => {
    const key = keyOf(r)
    const reowed = notified.reowed.filter((e) => keyOf(e) === key)
    const owed = settleOwed(r, prev, reowed, cands[i] ?? [], notified.withheld)
    const lastNotifiedAt = notifiedKeys.has(key) ? at : r.lastNotifiedAt
    const lastOutAt = outKeys.has(key) ? at : r.lastOutAt
    return { ...r, owed, lastNotifiedAt, lastOutAt }
  })
}

export function evaluateCycle(input: CycleInput): CycleResult {
  const { now, state } = input
  let seq = state.seq
  // Time-prefixed so ids stay unique even if a quarantined state restarts the counter.
  const newId = (): string => `${now.getTime().toString(36)}-${++seq}`
  const targets = liveTargets(input.rules, input.watchlist, now)
  const tz = input.prefs.utcOffset ?? utcTime
  const symbols = new Set([...targets.map((t) => t.symbol), ...input.observations.keys()])
  const read = readAll(input, symbols, tz)
  const previous = new Map(state.instances.map((r) => [keyOf(r), r]))
  const judged = targets.map((t) =>
    judge(t, previous.get(instanceKey(t.rule.id, t.symbol)), input, read, tz),
  )
  const cands = candidatesOf(judged, input, newId)
  const seen = [...read.readings.values()].some((r) => r.kind === 'good' || r.kind === 'screened')
  const notified = decide(input, { targets, judged, cands, seen, newId, tz })
  const settled = settle(judged, cands, notified, now.toISOString())
  const freshData = judged.some((j) => j.good)
  return {
    state: nextState(input, { read, settled, notified, seq, seen, freshData }),
    events: [...cands.flat().map((c) => c.event), ...notified.events],
    decisions: notified.decisions,
    instances: settled.map((r, i) => toInstance(r, (targets[i] as Target).rule, now)),
    findings: withFindings(read.findings, judged),
    likeForLike: judgedChanges(read.readings),
  }
}

interface Judgement {
  targets: Target[]
  judged: Judged[]
  cands: Candidate[][]
  seen: boolean
  newId: () => string
  tz: UtcOffset
}

/** The decide stage over this cycle's candidates and the alerts held from before. */
function decide(input: CycleInput, j: Judgement): NotifyOutput {
  const { now, state } = input
  const records = j.judged.map((x) => x.record)
  const candidates = j.cands.flat()
  const backfill = !state.initialized
  const spell = backfill ? null : awaySpell(state.lastSeenAt, now, j.seen, input.awayAfterMs)
  const byKey = new Map(records.map((r) => [keyOf(r), r]))
  const events = candidates.map((c) => c.event)
  const { held, heldOverflow } = state
  const reowable = held.filter((h) => owedAgain(byKey.get(keyOf(h.event)), h.event) !== null)
  return decideNotifications({
    away: spell && { spell, still: stillFiring(records, events, j.targets), tz: j.tz },
    now,
    prefs: input.prefs,
    // A first start tells what it finds (marked as under way before); after a reset it may have
    // been told already, so the first poll only records.
    backfill: backfill && state.afterReset,
    candidates,
    onceSent: state.onceSent,
    held,
    heldOverflow,
    newId: j.newId,
    release: releaseVerdict(input.rules, j.targets),
    reowable: new Set(reowable.map((h) => h.event.id)),
  })
}

interface Outcome {
  read: Read
  settled: InstanceRecord[]
  notified: NotifyOutput
  seq: number
  seen: boolean
  freshData: boolean
}

function nextState(input: CycleInput, c: Outcome): AlertEngineState {
  const { state } = input
  const initialized = state.initialized || c.freshData
  // 'once' memory survives disabling a rule, not deleting it.
  const ruleIds = new Set(input.rules.map((r) => r.id))
  const once = Object.entries(c.notified.onceSent)
  const onceSent = Object.fromEntries(once.filter(([k]) => ruleIds.has(k.split('\u0000')[0] ?? '')))
  return {
    version: 1,
    initialized,
    afterReset: state.afterReset && !initialized,
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

/** A held alert is delivered only if its rule still exists, still covers the symbol and is not snoozed. */
function releaseVerdict(rules: AlertRule[], targets: Target[]) {
  const live = new Map(targets.map((t) => [instanceKey(t.rule.id, t.symbol), t]))
  const ids = new Set(rules.map((r) => r.id))
  return (ruleId: string, symbol: string): ReleaseVerdict => {
    const t = live.get(instanceKey(ruleId, symbol))
    if (t === undefined) return ids.has(ruleId) ? 'rule-disabled' : 'rule-deleted'
    return t.snoozed ? 'snoozed' : 'deliver'
  }
}
