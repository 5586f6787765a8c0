// How the heap benchmark (heap-cycles.ts) measures: a GC it can call, the fitted slope of heap
// over polls with its error, and the V8 code space (where optimized code lives).
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

export function getGc(): () => void {
  const g = (globalThis as { gc?: () => void }).gc
  if (g) return g
  // Not started with --expose-gc (e.g. from bench/run.ts): switch it on for this isolate.
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

/**
 * Least-squares slope of y over x, and its standard error: heap samples after GC scatter by a
 * hundred KB or so, so a few hundred polls cannot tell 50 B/poll from 0; the error says how sure.
 */
export function slope(xs: number[], ys: number[]): { slope: number; se: number } {
  const n = xs.length
  const mx = xs.reduce((a, b) => a + b, 0) / n
  const my = ys.reduce((a, b) => a + b, 0) / n
  let num = 0
  let den = 0
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my)
    den += (xs[i]! - mx) ** 2
  }
  const b = den === 0 ? 0 : num / den
  let rss = 0
  for (let i = 0; i < n; i++) rss += (ys[i]! - my - b * (xs[i]! - mx)) ** 2
  const se = n > 2 && den > 0 ? Math.sqrt(rss / (n - 2) / den) : Infinity
  return { slope: b, se }
}

export const fmtSlope = (s: { slope: number; se: number }): string =>
  `${Math.round(s.slope)} ± ${Math.round(1.96 * s.se)}`

/** V8's code spaces in KB: compiled code, which grows while the optimizing compilers work. */
export function codeKB(): number {
  const used = getHeapSpaceStatistics()
    .filter((sp) => sp.space_name.startsWith('code'))
    .reduce((a, sp) => a + sp.space_used_size, 0)
  return Math.round(used / 1024)
}
