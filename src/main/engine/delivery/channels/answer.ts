// Turning what a receiver did into a SendAnswer in plain words: clipped, and with the secret (a
// webhook URL carries its token) removed from anything the receiver or the network said.
import type { SendAnswer } from '../model'
import { parseRetryAfter } from './retry-after'

/** Longest receiver text kept in an answer (the log, the test button, `--json`). */
export const MAX_SAID = 300

/**
 * Parts of a URL that may be tokens: path segments and query values of 8 characters or more with a
 * digit, or of 16 or more ("services" or "webhooks" is not a secret; "T0AB12CD" may be).
 */
function tokenParts(url: URL): string[] {
  const parts = [
    ...url.pathname.split('/').map((p) => decodeURIComponentSafe(p)),
    ...[...url.searchParams.values()],
  ]
  return parts.filter((p) => (p.length >= 8 && /\d/.test(p)) || p.length >= 16)
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/**
 * Removes the secret from text: the whole of it, and for a URL its path and query and each part
 * of them long enough to be a token (receivers echo a token alone: "bad token xox…").
 */
export function redact(text: string, secret: string | null): string {
  if (secret === null || secret.length === 0) return text
  const cut = [secret, encodeURIComponent(secret)]
  try {
    const url = new URL(secret)
    const tail = `${url.pathname}${url.search}`
    if (tail.length > 1) cut.push(tail)
    cut.push(...tokenParts(url))
  } catch {
    // not a URL: the whole secret is enough
  }
  let out = text
  // Longest first, so a part inside a longer cut piece does not leave the rest behind.
  for (const piece of [...new Set(cut)].sort((a, b) => b.length - a.length))
    out = out.split(piece).join('[secret]')
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

/**
 * The answer with the contact point's template error, if any: in `templateError`, and after what
 * the receiver said, since `said` is what the delivery log, the test button and `--json` keep.
 */
export function withTemplateError(answer: SendAnswer, error: string | null): SendAnswer {
  if (error === null) return { ...answer, templateError: null }
  return { ...answer, templateError: error, said: `${answer.said} — ${error}` }
}
