// The one log line a poll leaves: what was polled, what it found, how long it took, what failed.
import { plural } from '../engine/alerts/text/notification-text'
import type { CycleResult } from '../engine/poll/cycle'
import type { PollEnd } from './engine'
import type { LogFields } from './log-line'

export function pollLine(
  cycle: CycleResult | null,
  p: PollEnd,
  ok: boolean,
  rateWaitedMs = 0,
): LogFields {
  const instances = cycle?.instances ?? []
  const firing = instances.filter((i) => (i.phase ?? i.state) === 'firing').length
  const pending = instances.filter((i) => (i.phase ?? i.state) === 'pending').length
  const failed = cycle?.failures.length ?? 0
  const durationMs = Math.round(p.durationMs)
  const error = ok ? null : (p.status.lastError?.message ?? null)
  const symbols = cycle?.rows.length ?? 0
  // A slow poll says why when the service's rate limit made it wait.
  const seconds = (ms: number): number => Math.max(1, Math.round(ms / 1000))
  const heldMs = cycle?.retryAfterMs ?? null
  const waited =
    (rateWaitedMs > 0 ? `, waited ${seconds(rateWaitedMs)} s for the service's rate limit` : '') +
    (heldMs !== null ? `, held ${seconds(heldMs)} s more by the service's rate limit` : '')
  const msg = ok
    ? `poll ok: ${plural(symbols, 'symbol')}, ${firing} firing, ${pending} pending, ${plural(failed, 'failed request')}, ${durationMs} ms${waited}`
    : `poll failed after ${durationMs} ms${waited}: ${error ?? 'no data'}`
  return {
    event: 'poll',
    msg,
    ok,
    symbols,
    firing,
    pending,
    failedRequests: failed,
    durationMs,
    rateLimitWaitedMs: Math.round(rateWaitedMs),
    connection: p.status.connection,
    error,
  }
}
