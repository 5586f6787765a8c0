// The one log line a poll leaves: what was polled, what it found, how long it took, what failed.
import type { CycleResult } from '../engine/poll/cycle'
import type { PollEnd } from './engine'
import type { LogFields } from './log-line'

export function pollLine(cycle: CycleResult | null, p: PollEnd, ok: boolean): LogFields {
  const instances = cycle?.instances ?? []
  const firing = instances.filter((i) => (i.phase ?? i.state) === 'firing').length
  const pending = instances.filter((i) => (i.phase ?? i.state) === 'pending').length
  const failed = cycle?.failures.length ?? 0
  const durationMs = Math.round(p.durationMs)
  const error = ok ? null : (p.status.lastError?.message ?? null)
  const symbols = cycle?.rows.length ?? 0
  const msg = ok
    ? `poll ok: ${symbols} symbols, ${firing} firing, ${pending} pending, ${failed} failed requests, ${durationMs} ms`
    : `poll failed after ${durationMs} ms: ${error ?? 'no data'}`
  return {
    event: 'poll',
    msg,
    ok,
    symbols,
    firing,
    pending,
    failedRequests: failed,
    durationMs,
    connection: p.status.connection,
    error,
  }
}
