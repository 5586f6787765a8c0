// When to try a message again: exponential back-off with jitter (so contact points that failed
// together do not retry together), or when the receiver said (429/503 Retry-After), whichever
// is later. Pure: the random source is injected.

export interface RetryPolicy {
  /** The first wait; each failed attempt doubles it. */
  baseMs: number
  /** The longest wait between two attempts. */
  capMs: number
  /** The longest Retry-After honoured (a receiver asking for a day is asked again sooner). */
  maxRetryAfterMs: number
}

export const DEFAULT_RETRY: RetryPolicy = {
  baseMs: 5_000,
  capMs: 10 * 60_000,
  maxRetryAfterMs: 60 * 60_000,
}

/**
 * Wait (ms) before the next attempt after `attempts` failed ones (1 for the first failure):
 * "equal jitter", half fixed and half random, so the wait still grows.
 */
export function retryDelayMs(
  attempts: number,
  retryAfterMs: number | null,
  random: () => number,
  policy: RetryPolicy = DEFAULT_RETRY,
): number {
  const exp = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)))
  const backOff = exp / 2 + random() * (exp / 2)
  const asked = retryAfterMs === null ? 0 : Math.min(retryAfterMs, policy.maxRetryAfterMs)
  return Math.round(Math.max(backOff, asked))
}
