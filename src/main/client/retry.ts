// Retry loop: capped exponential backoff with full jitter. Waits a service asked for (Retry-After)
// are the rate gate's: a retry after one goes straight back to the gate, which waits or fails fast.
import { setTimeout as delay } from 'node:timers/promises'
import { LiquidityError } from '../../shared/errors'
import { cancelledError, isTlsFailure } from './errors-map'
import { timerMs, waitsOut } from './rate-gate'
import type { Sleep } from './sleep'

export interface RetryPolicy {
  maxAttempts: number
  baseMs: number
  capMs: number
  /**
   * Wait budget at the rate gate: a hold that ends within it is waited out; a longer one fails fast
   * as rate-limited (with retryAfterMs, so the poller holds off instead of blocking a slot).
   */
  retryAfterCapMs: number
  /**
   * Total wait one request may spend, at the gate and between attempts, from when it is made. A
   * steady 429 extends the hold with every answer and waiting uses up no attempt: without a total,
   * a request could wait for ever. Past it the request fails with the error it has.
   */
  waitBudgetMs: number
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 4,
  baseMs: 300,
  capMs: 10_000,
  retryAfterCapMs: 120_000,
  waitBudgetMs: 120_000,
}

/** Real sleep; rejects as soon as the signal aborts so a cancelled refresh stops waiting. */
export const abortableSleep: Sleep = async (ms, signal) => {
  try {
    await delay(ms, undefined, { signal })
  } catch (e) {
    if (signal.aborted) throw cancelledError()
    throw e
  }
}

/** Full jitter (AWS architecture blog): uniform in [0, min(cap, base·2^attempt)). */
export function backoffMs(policy: RetryPolicy, attempt: number, random: () => number): number {
  return random() * Math.min(policy.capMs, policy.baseMs * 2 ** attempt)
}

/** Transient failures only: the request may succeed if repeated unchanged. */
export function isRetryable(e: unknown): boolean {
  if (!(e instanceof LiquidityError)) return false
  if (e.kind === 'network') {
    // A certificate problem will not fix itself between attempts.
    return !isTlsFailure((e.cause as { code?: unknown } | undefined)?.code)
  }
  const s = e.status
  return s !== undefined && (s === 408 || s === 429 || (s >= 500 && s <= 599))
}

export interface RetryDeps {
  policy: RetryPolicy
  random: () => number
  sleep: Sleep
  signal: AbortSignal
  /** Wait this request has left (its total budget or its caller's deadline, whichever is nearer). */
  budgetMs: () => number
  onRetry?: (attempt: number, delayMs: number, error: LiquidityError) => void
}

export async function withRetry<T>(
  run: (attempt: number) => Promise<T>,
  deps: RetryDeps,
): Promise<T> {
  const { policy, signal } = deps
  for (let attempt = 0; ; attempt++) {
    try {
      return await run(attempt)
    } catch (e) {
      if (signal.aborted) throw cancelledError()
      if (!isRetryable(e) || attempt + 1 >= policy.maxAttempts) throw e
      const err = e as LiquidityError
      // The answer put its origin on hold: the next attempt waits at the gate (jittered). A hold the
      // gate would not wait out fails now with this answer's own error (status, server's words).
      const held = err.retryAfterMs !== undefined
      if (held && !waitsOut(err.retryAfterMs, deps.budgetMs())) throw err
      const wait = held ? 0 : timerMs(backoffMs(policy, attempt, deps.random))
      if (wait > deps.budgetMs()) throw err
      deps.onRetry?.(attempt + 1, wait, err)
      if (!held) await deps.sleep(wait, signal)
      if (signal.aborted) throw cancelledError()
    }
  }
}
