// What a soak run reports, and how it measures the heap: a report starts empty and the run fills
// it in; verdicts.ts judges it.
export interface SoakReport {
  polls: number
  seed: number
  simulatedHours: number
  wallMs: number
  requests: number
  faults: number
  scenarios: number
  /** Cycles that threw, unhandled rejections, 'internal' errors: bugs, never the service's fault. */
  crashes: string[]
  /** Every NaN/Infinity found in rows, status, events or instances. */
  nonFinite: string[]
  notifications: number
  firedEvents: number
  /** Most notifications one (rule, symbol) got within any 60 minutes. */
  maxPerRuleSymbolHour: number
  floods: string[]
  /** fired/repeated notifications while the ground truth showed no breach. */
  falseAlerts: string[]
  cacheUnreadable: string[]
  heap: { samples: number[]; slopeBytesPerPoll: number | null }
}

/** Fewer polls than this do not measure the heap slope. */
export const MIN_HEAP_POLLS = 2_000

/** A report before the first poll: nothing counted, nothing found. */
export function emptyReport(polls: number, seed: number): SoakReport {
  return {
    polls,
    seed,
    simulatedHours: 0,
    wallMs: 0,
    requests: 0,
    faults: 0,
    scenarios: 0,
    crashes: [],
    nonFinite: [],
    notifications: 0,
    firedEvents: 0,
    maxPerRuleSymbolHour: 0,
    floods: [],
    falseAlerts: [],
    cacheUnreadable: [],
    heap: { samples: [], slopeBytesPerPoll: null },
  }
}

/** The heap in use now, after a forced GC when the run has --expose-gc. */
export function heapNow(): number {
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  return process.memoryUsage().heapUsed
}

/** Least-squares slope of the samples after the first fifth (warm-up), in bytes per poll. */
export function slope(samples: number[], every: number): number | null {
  const ys = samples.slice(Math.floor(samples.length / 5))
  if (ys.length < 3) return null
  const n = ys.length
  const mx = (n - 1) / 2
  const my = ys.reduce((a, b) => a + b, 0) / n
  let num = 0
  let den = 0
  ys.forEach((y, x) => {
    num += (x - mx) * (y - my)
    den += (x - mx) ** 2
  })
  return num / den / every
}
