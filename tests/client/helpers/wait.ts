// Waiting on real I/O in tests (the one `until`; `settle` is fake-clock.ts's), and catching process
// warnings (timer overflow, listener leaks).

/**
 * Polls (real time) until cond holds, for a condition reached through real HTTP or files; fails
 * after timeoutMs so a broken test does not hang.
 */
export async function until(
  cond: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not reached in time')
    await new Promise((r) => setTimeout(r, 5))
  }
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
