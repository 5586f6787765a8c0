/**
 * Why an origin is held, for the words (errors-map.ts) and the gate (rate-gate.ts): the service said
 * how long (Retry-After), or a 429 did not and the wait is our own back-off, or the hold was kept
 * from an earlier run.
 */
export type HoldCause = 'asked' | 'backoff' | 'earlier-run'
