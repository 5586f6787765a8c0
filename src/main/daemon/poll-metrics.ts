// After each poll: the figures of every watched symbol and the poll's health into the gauges.
// Gauges are reset and set whole in one synchronous step, so a symbol or rule that went away
// disappears, and a scrape never sees half a poll.
import { hhiOf } from '../../shared/hhi'
import type { AssetDetail } from '../../shared/liquidity-schemas'
import type { ChangeInfo, WatchRow } from '../../shared/view-models'
import type { FlowSplit } from '../../shared/flow'
import type { CycleResult } from '../engine/poll/cycle'
import type { DaemonMetrics } from './metrics'
import type { PollRateHolds } from './rate-holds'

const PHASE_VALUE = { ok: 0, pending: 1, firing: 2 } as const

/** A network name as a label: bounded in length and characters (it comes from the service). */
export function networkLabel(name: string): string {
  return name.replace(/[^\w .:-]/g, '_').slice(0, 64)
}

/**
 * The reported change in percent: the service's unit is unspecified (fraction or percent); when it
 * agrees with the computed one as a fraction, it is shown ×100.
 */
export function reportedPercent(c: ChangeInfo): number {
  const asFraction = Math.abs(c.reported * 100 - c.pct)
  // 15 significant digits: all a double holds reliably, without the multiplication's noise.
  const times100 = Number((c.reported * 100).toPrecision(15))
  return c.verified && asFraction < Math.abs(c.reported - c.pct) ? times100 : c.reported
}

export interface PollFacts {
  rows: readonly WatchRow[]
  cycle: CycleResult | null
  detail: (symbol: string) => AssetDetail | null
  /** The last split per symbol (kept from poll to poll: a tiered poll splits only some). */
  flows: ReadonlyMap<string, FlowSplit>
  nowMs: number
}

export function setSymbolMetrics(m: DaemonMetrics, f: PollFacts): void {
  for (const g of [m.tvl, m.volume, m.change, m.pools, m.largestIssuer, m.hhi]) g.reset()
  for (const g of [m.flowPrice, m.flowNet, m.dataAge, m.alertState]) g.reset()
  m.watched.set(f.rows.length)
  for (const row of f.rows) {
    const symbol = row.symbol
    if (row.totalTvl !== null) m.tvl.set({ symbol }, row.totalTvl)
    if (row.totalVolume !== null) m.volume.set({ symbol }, row.totalVolume)
    for (const [window, c] of [
      ['7d', row.change7d],
      ['30d', row.change30d],
    ] as const) {
      if (c === null) continue
      m.change.set({ symbol, window, source: 'computed' }, c.pct)
      m.change.set({ symbol, window, source: 'reported' }, reportedPercent(c))
    }
    if (row.dataDate !== null) {
      const age = (f.nowMs - Date.parse(`${row.dataDate}T00:00:00Z`)) / 1000
      if (Number.isFinite(age)) m.dataAge.set({ symbol }, Math.max(0, age))
    }
    const flow = f.flows.get(symbol)
    if (flow) {
      m.flowPrice.set({ symbol }, flow.pricePct)
      m.flowNet.set({ symbol }, flow.netFlowPct)
    }
    const d = f.detail(symbol)
    if (d) setDetailMetrics(m, symbol, d)
  }
  for (const i of f.cycle?.instances ?? []) {
    const phase = i.phase ?? (i.state === 'firing' || i.state === 'pending' ? i.state : 'ok')
    m.alertState.set({ rule: i.ruleId, symbol: i.symbol }, PHASE_VALUE[phase])
  }
}

function setDetailMetrics(m: DaemonMetrics, symbol: string, d: AssetDetail): void {
  const pools = new Map<string, number>()
  for (const issuer of d.issuers) {
    for (const n of issuer.networks) {
      const network = networkLabel(n.network)
      pools.set(network, (pools.get(network) ?? 0) + n.pools.length)
    }
  }
  for (const [network, count] of pools) m.pools.set({ symbol, network }, count)
  const amounts = d.issuers.map((i) => i.totalTvl)
  const total = amounts.reduce((s, a) => s + a, 0)
  if (total > 0) m.largestIssuer.set({ symbol }, (Math.max(...amounts) / total) * 100)
  const hhi = hhiOf(amounts)
  if (hhi !== null) m.hhi.set({ symbol }, hhi)
}

/** The poll's own health: requests by outcome, failures by kind, duration, holds, last success. */
export function setPollMetrics(
  m: DaemonMetrics,
  cycle: CycleResult | null,
  o: {
    ok: boolean
    durationMs: number
    lastSuccessMs: number | null
    errorKind?: string | null
    /** What the service's rate limit did to this poll (default: nothing). */
    holds?: PollRateHolds
  },
): void {
  m.polls.inc({ outcome: o.ok ? 'ok' : 'failed' })
  m.pollDuration.set(o.durationMs / 1000)
  m.lastPollOk.set(o.ok ? 1 : 0)
  if (o.lastSuccessMs !== null) m.lastSuccess.set(o.lastSuccessMs / 1000)
  m.requests.reset()
  m.failedByKind.reset()
  const failures = cycle?.failures ?? []
  const cached = failures.filter((x) => x.fromCache).length
  const requested = cycle ? Math.max(cycle.rows.length, failures.length) : 0
  // A poll that failed with no request of its own failing (it stopped before asking) counts its
  // error as one failed request, in both series alike: each failed request is counted once in each.
  const unasked = !o.ok && failures.length === 0 && o.errorKind ? 1 : 0
  m.requests.set({ outcome: 'ok' }, Math.max(0, requested - failures.length))
  m.requests.set({ outcome: 'cached' }, cached)
  m.requests.set({ outcome: 'failed' }, failures.length - cached + unasked)
  for (const x of failures) m.failedByKind.inc({ kind: x.error.kind })
  if (unasked) m.failedByKind.inc({ kind: o.errorKind! })
  // Every wait the service asked for counts, waited out inside the poll or held past it; a poll
  // that found polling held by an earlier ask (this run's or a saved one) counts once.
  const asked = o.holds?.asked ?? 0
  const heldPast = cycle?.retryAfterMs ?? null
  const holdMs = Math.max(o.holds?.askedMaxMs ?? 0, heldPast ?? 0)
  m.rateLimitHeld.set(holdMs / 1000)
  m.rateLimitHoldSeconds.inc(holdMs / 1000)
  const holds = asked > 0 ? asked : heldPast !== null ? 1 : 0
  if (holds > 0) m.rateLimitHolds.inc(holds)
}
