// Retry-After (RFC 9110 §10.2.3): either delta-seconds or an HTTP-date.

/** Milliseconds to wait, or undefined when the header is absent or unreadable. */
export function parseRetryAfter(
  value: string | string[] | undefined,
  now: number,
): number | undefined {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim()
  if (!raw) return undefined
  if (/^\d+$/.test(raw)) return Number(raw) * 1000
  // Only accept something that looks like a date, so "soon" or "-5" are not misread.
  if (!/[a-z]/i.test(raw)) return undefined
  const at = Date.parse(raw)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - now)
}
