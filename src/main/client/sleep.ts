// The injected wait, a seam type of its own so the retry loop and the rate gate both use it
// without importing each other.

/** Waits `ms`; rejects as soon as the signal aborts. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>
