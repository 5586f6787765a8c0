// A receiver's Retry-After header (RFC 9110 §10.2.3): delay-seconds or an HTTP date. The outbox
// waits at least this long before the next attempt at that contact point.

/** Longest wait honoured: a receiver asking for more gets this, so a message is not parked for days. */
export const MAX_RETRY_AFTER_MS = 6 * 60 * 60 * 1000

/** The wait in ms the header asks for, or null when absent or unreadable (the outbox backs off its own way). */
export function parseRetryAfter(header: string | null, now: Date): number | null {
  if (header === null) return null
  const text = header.trim()
  if (text === '') return null
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS)
  // Only the HTTP-date form (IMF-fixdate and the two obsolete ones Date.parse reads): never a bare number.
  if (!/[a-z]/i.test(text)) return null
  const at = Date.parse(text)
  if (!Number.isFinite(at)) return null
  return Math.min(Math.max(0, at - now.getTime()), MAX_RETRY_AFTER_MS)
}
