// The daemon's /metrics: one registry of gauges and counters named liquidity_watch_* (a public
// interface, docs/metrics.md: add names, never rename or remove). Labels are bounded: symbol,
// rule (its id), network, and small fixed sets (window, source, outcome, kind); never free text.
import { Counter, Gauge, Registry } from 'prom-client'

export const METRIC_PREFIX = 'liquidity_watch_'

/** Each metric's HELP line, by its name after the prefix. */
const HELP = {
  tvl_usd: 'Total value locked of the symbol, in US dollars.',
  volume_usd: 'Trading volume of the symbol, in US dollars.',
  tvl_change_percent:
    'TVL change over the window (7d, 30d), as the service reported it (source="reported") and as computed from its history (source="computed"), in percent.',
  pools: 'Number of pools of the symbol on the network.',
  largest_issuer_share_percent: "The largest issuer's share of the symbol's TVL, in percent.",
  issuer_hhi: 'Herfindahl-Hirschman index of the issuers’ TVL shares (0 to 10000).',
  flow_price_change_percent:
    "The price part of the 7-day TVL change (the underlying's price move), in percent.",
  flow_net_change_percent:
    'The net-flow part of the 7-day TVL change (tokens in or out), in percent.',
  data_age_seconds:
    "Age of the service's newest data date for the symbol (from the start of that UTC day), in seconds.",
  alert_state: 'Alert state per rule (its id) and symbol: 0 ok, 1 pending, 2 firing.',
  watchlist_symbols: 'Symbols watched.',
  poll_requests:
    'Requests of the last poll by outcome: ok, cached (failed, cached data stood in), failed.',
  poll_failed_requests:
    'Failed requests of the last poll by kind of failure (network, timeout, rate-limited, auth, server, ...).',
  polls_total: 'Polls run, by outcome (ok, failed).',
  poll_duration_seconds: 'How long the last poll took, in seconds.',
  last_poll_ok: '1 when the last poll succeeded, else 0.',
  last_success_timestamp_seconds:
    'When a poll last succeeded (Unix time, seconds); 0 before the first.',
  rate_limit_holds_total:
    'Times the service asked to wait (Retry-After), waited out within a poll or held past it.',
  rate_limit_hold_seconds:
    'How long the last poll was asked to wait (Retry-After), in seconds; 0 when not held.',
  rate_limit_hold_seconds_total:
    'Seconds polls were asked to wait (Retry-After), in all: each poll adds its rate_limit_hold_seconds.',
  outbox_depth: 'Messages waiting in the outbox to be delivered.',
  delivery_failures_total:
    'Delivery attempts to contact points that failed (as the outbox counts them).',
  deliveries_total:
    'Delivery outcomes to contact points by outcome: sent, attempt-failed, failed (given up), dropped (expired).',
  start_time_seconds:
    'When the daemon started (Unix time, seconds): "never succeeded since start" alerts use it.',
  build_info: 'Always 1; the version as a label.',
  demo_state:
    '1 when the daemon runs on the built-in demo data (--demo): its figures are invented.',
}
type MetricName = keyof typeof HELP

/** Everything the daemon exposes, made once per process (a reload keeps the counters). */
export class DaemonMetrics {
  readonly registry = new Registry()
  /** The outbox's figures, read at each scrape (null: no outbox in this build). */
  outbox: () => OutboxFigures | null = () => null
  private readonly g = <L extends string>(name: MetricName, labelNames: L[] = []) =>
    new Gauge<L>(this.config(name, labelNames))
  private readonly c = <L extends string>(name: MetricName, labelNames: L[] = []) =>
    new Counter<L>(this.config(name, labelNames))
  private config<L extends string>(name: MetricName, labelNames: L[]) {
    return { name: METRIC_PREFIX + name, help: HELP[name], labelNames, registers: [this.registry] }
  }

  // In /metrics order. ── per symbol ──
  readonly tvl = this.g('tvl_usd', ['symbol'])
  readonly volume = this.g('volume_usd', ['symbol'])
  readonly change = this.g('tvl_change_percent', ['symbol', 'window', 'source'])
  readonly pools = this.g('pools', ['symbol', 'network'])
  readonly largestIssuer = this.g('largest_issuer_share_percent', ['symbol'])
  readonly hhi = this.g('issuer_hhi', ['symbol'])
  readonly flowPrice = this.g('flow_price_change_percent', ['symbol'])
  readonly flowNet = this.g('flow_net_change_percent', ['symbol'])
  readonly dataAge = this.g('data_age_seconds', ['symbol'])
  readonly alertState = this.g('alert_state', ['rule', 'symbol'])

  // ── the poll's health ──
  readonly watched = this.g('watchlist_symbols')
  readonly requests = this.g('poll_requests', ['outcome'])
  readonly failedByKind = this.g('poll_failed_requests', ['kind'])
  readonly polls = zeroed(this.c('polls_total', ['outcome']), 'outcome', ['ok', 'failed'])
  readonly pollDuration = this.g('poll_duration_seconds')
  readonly lastPollOk = this.g('last_poll_ok')
  readonly lastSuccess = this.g('last_success_timestamp_seconds')
  readonly rateLimitHolds = this.c('rate_limit_holds_total')
  readonly rateLimitHeld = this.g('rate_limit_hold_seconds')
  readonly rateLimitHoldSeconds = this.c('rate_limit_hold_seconds_total')
  readonly outboxDepth = this.g('outbox_depth')
  readonly deliveryFailures = this.c('delivery_failures_total')
  readonly deliveries = this.c('deliveries_total', ['outcome'])
  readonly startTime = this.g('start_time_seconds')
  readonly info = this.g('build_info', ['version'])
  readonly demoData = this.g('demo_state')

  /** Copies the outbox's figures in just before a scrape: the outbox owns them, /metrics shows them. */
  readOutbox(): void {
    const f = this.outbox()
    this.outboxDepth.set(f?.depth ?? 0)
    this.deliveryFailures.reset()
    if (f && f.deliveryFailures > 0) this.deliveryFailures.inc(f.deliveryFailures)
    this.deliveries.reset()
    zeroed(this.deliveries, 'outcome', DELIVERY_OUTCOMES)
    for (const [outcome, n] of Object.entries(f?.byOutcome ?? {}))
      if (n > 0) this.deliveries.inc({ outcome }, n)
  }

  async text(): Promise<string> {
    this.readOutbox()
    return this.registry.metrics()
  }
}

const DELIVERY_OUTCOMES = ['sent', 'attempt-failed', 'failed', 'dropped']

/**
 * A counter's known label values at 0: the series exist from the start, so rate() and an alert
 * rule on `outcome="failed"` see them before the first failure.
 */
function zeroed<L extends string>(c: Counter<L>, label: L, values: string[]): Counter<L> {
  for (const v of values) c.inc({ [label]: v } as Partial<Record<L, string>>, 0)
  return c
}

/** What the outbox tells /metrics (Outbox.depth() and its failure counter). */
export interface OutboxFigures {
  depth: number
  deliveryFailures: number
  /** Outcomes counted by the outbox: sent, attempt-failed, failed (gave up), dropped (expired). */
  byOutcome: Record<string, number>
}

/** Every name the daemon exposes (docs/metrics.md lists them; a test compares). */
export async function exposedNames(m: DaemonMetrics): Promise<string[]> {
  return (await m.registry.getMetricsAsJSON()).map((x) => x.name)
}
