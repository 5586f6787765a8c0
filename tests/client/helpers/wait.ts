// Waiting on real I/O in client tests, and catching process warnings (timer overflow, listener leaks).

/** Polls (real time) until cond holds; fails after timeoutMs so a broken test does not hang. */
export async function until(cond: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not reached in time')
    await new Promise((r) => setTimeout(r, 5))
  }
}

/** Lets pending I/O callbacks and next-tick work (where Node emits warnings) run. */
export async function settleIo(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((r) => setImmediate(r))
}

/** Records every process warning of the given names until stop(). */
export function recordWarnings(names: string[]): { seen: string[]; stop(): void } {
  const seen: string[] = []
  const onWarning = (w: Error): void => {
    if (names.includes(w.name)) seen.push(`${w.name}: ${w.message}`)
  }
  process.on('warning', onWarning)
  return { seen, stop: () => process.off('warning', onWarning) }
}
