// The last detail request per symbol, success or failure. The round robin goes by it: a detail
// that keeps failing keeps its old fetch time, and ordered by that it would come first every poll
// and take the round robin's floor from every other symbol. Kept in a small file next to the
// source's cache (DetailAttemptsFile), so the round robin goes on across restarts and across
// one-shot CLI runs from cron: without it each run starts over, the never-cached failing details
// come first every run, and with more of them than the budget no other detail is ever fetched.
import type { SerializedError } from '../../../shared/errors'

export interface DetailAttempt {
  /** When the request ended (ISO). */
  at: string
  /** Why it failed; null when it succeeded. */
  error: SerializedError | null
}

export type DetailAttempts = Map<string, DetailAttempt>

/** When the round robin last had a go at a symbol: its last attempt or its cached fetch, the later. */
export function lastTurn(fetchedAt: string | null, attempt: DetailAttempt | undefined): number {
  const times = [fetchedAt, attempt?.at].filter((t): t is string => t != null).map(Date.parse)
  return times.length === 0 ? -Infinity : Math.max(...times)
}
