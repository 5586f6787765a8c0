// Checks the soak applies after every poll: no number the app shows or stores may be NaN/Infinity.

/** Paths (like `rows.2.change7d.pct`) of every non-finite number inside a value. */
export function nonFinitePaths(value: unknown, path = ''): string[] {
  if (typeof value === 'number')
    return Number.isFinite(value) ? [] : [`${path || '(root)'} = ${value}`]
  if (value === null || typeof value !== 'object') return []
  const out: string[] = []
  for (const [k, v] of Object.entries(value)) {
    out.push(...nonFinitePaths(v, path ? `${path}.${k}` : k))
    if (out.length > 20) break
  }
  return out
}
