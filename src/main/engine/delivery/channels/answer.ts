// Turning what a receiver did into a SendAnswer in plain words: clipped, and with the secret (a
// webhook URL carries its token) removed from anything the receiver or the network said.
import type { SendAnswer } from '../model'
import { parseRetryAfter } from './retry-after'

/** Longest receiver text kept in an answer (the log, the test button, `--json`). */
export const MAX_SAID = 300

/** Removes the secret (and, for a URL, its path and query, where tokens live) from text. */
export function redact(text: string, secret: string | null): string {
  let out = text
  if (secret !== null && secret.length > 0) {
    out = out.split(secret).join('[secret]')
    try {
      const url = new URL(secret)
      const tail = `${url.pathname}${url.search}`
      if (tail.length > 1) out = out.split(tail).join('[secret]')
      const encoded = encodeURIComponent(secret)
      if (encoded !== secret) out = out.split(encoded).join('[secret]')
    } catch {
      // not a URL: the whole secret is already gone
    }
  }
  return out
}

export function clipSaid(text: string, max = MAX_SAID): string {
  const one = text.replace(/\s+/g, ' ').trim()
  return one.length <= max ? one : `${one.slice(0, max - 1)}…`
}

/** What the receiver said: its text body clipped, or its status text when it sent none. */
export function said(
  status: number,
  statusText: string,
  body: string,
  secret: string | null,
): string {
  const head = `HTTP ${status}${statusText ? ` ${statusText}` : ''}`
  const text = clipSaid(redact(body, secret))
  return text === '' ? head : clipSaid(`${head}: ${text}`)
}

/**
 * 2xx ok; 408, 425, 429 and 5xx worth another try (with Retry-After when given); any other status
 * (400 bad body, 401/403 bad token, 404 wrong URL, 3xx not followed) will not change by retrying.
 */
export function answerForStatus(
  status: number,
  text: string,
  retryAfter: string | null,
  now: Date,
): SendAnswer {
  if (status >= 200 && status < 300) return { ok: true, httpStatus: status, said: text }
  const retryable = status === 408 || status === 425 || status === 429 || status >= 500
  return {
    ok: false,
    retryable,
    retryAfterMs: retryable ? parseRetryAfter(retryAfter, now) : null,
    httpStatus: status,
    said: text,
  }
}

/** A refusal before anything was sent (bad address, http to a remote host): retrying cannot help. */
export function refused(reason: string): SendAnswer {
  return { ok: false, retryable: false, retryAfterMs: null, httpStatus: null, said: reason }
}

/** The network failed (refused, reset, DNS, timeout): the receiver may be back later. */
export function networkFailure(reason: string, secret: string | null): SendAnswer {
  return {
    ok: false,
    retryable: true,
    retryAfterMs: null,
    httpStatus: null,
    said: clipSaid(redact(reason, secret)),
  }
}
