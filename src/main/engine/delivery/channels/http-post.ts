// One HTTP POST to a receiver, as every HTTP channel sends it: the transport rule of the Service
// URL (https, or plain http to this computer only), redirects followed only within the same origin,
// a timeout, and the outcome as a SendAnswer that never contains the secret URL. One attempt: the
// outbox retries.
import { isLoopbackHostname, transportProblem } from '../../../../shared/service-url'
import type { SendAnswer, SendContext } from '../model'
import { answerForStatus, networkFailure, refused, said } from './answer'

/** Per attempt: a receiver slower than this is treated as down (the outbox tries again later). */
export const SEND_TIMEOUT_MS = 10_000
const MAX_REDIRECTS = 3
/** Only the start of a receiver's answer is read: it is clipped for display anyway. */
const MAX_READ_BYTES = 8 * 1024

export interface PostRequest {
  /** The receiver's address (for a webhook, the secret itself). */
  url: string
  /** What the address is, for messages: "The webhook address", "The ntfy server". */
  what: string
  headers: Record<string, string>
  body: string
  /** Text to keep out of every answer (the webhook URL, a token). */
  secret: string | null
  timeoutMs?: number
}

/** The address checked by the transport rule, or a refusal in plain words (never quoting the address). */
export function checkAddress(text: string, what: string): URL | SendAnswer {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return refused(`${what} is not a web address (it should start with https://).`)
  }
  if (transportProblem(url, what) !== null) {
    if (url.protocol === 'http:' && !isLoopbackHostname(url.hostname))
      return refused(
        `${what} uses plain http:// to ${url.hostname}, which would send the alert unprotected — use https:// (plain http:// is only for this computer).`,
      )
    return refused(`${what} must start with https://.`)
  }
  if (url.username !== '' || url.password !== '')
    return refused(`${what} must not contain a user name or password (the part before "@").`)
  return url
}

async function readCapped(response: Response): Promise<string> {
  if (response.body === null) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    while (size < MAX_READ_BYTES) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      size += value.byteLength
    }
  } finally {
    await reader.cancel().catch(() => undefined)
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, MAX_READ_BYTES))
}

/** Node's fetch error in plain words: the cause's code says what the network did. */
export function networkWords(err: unknown, url: URL, timedOut: boolean, timeoutMs: number): string {
  const where = url.host
  if (timedOut) return `No answer from ${where} within ${Math.round(timeoutMs / 1000)} s.`
  const cause = (err as { cause?: { code?: string; message?: string } } | null)?.cause
  const code = cause?.code ?? (err as { code?: string } | null)?.code
  switch (code) {
    case 'ECONNREFUSED':
      return `${where} refused the connection (nothing is listening there).`
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${url.hostname} could not be found (DNS).`
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return `${where} closed the connection before answering.`
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `${where} did not accept the connection in time.`
    default:
      if (typeof code === 'string' && /CERT|SSL|TLS/i.test(code))
        return `${where}'s TLS certificate was not accepted (${code}).`
      return `Could not reach ${where}: ${cause?.message ?? (err instanceof Error ? err.message : String(err))}`
  }
}

/** The caller's abort as an Error (what a channel rejects with when SendContext.signal aborts). */
export function abortReason(signal: AbortSignal, fallback: unknown): Error {
  const reason: unknown = signal.reason ?? fallback
  return reason instanceof Error ? reason : new Error('Sending was cancelled.', { cause: reason })
}

/**
 * POSTs once (following 307/308 redirects within the same origin) and answers in plain words; rejects only when the
 * caller's signal aborted it.
 */
export async function postOnce(request: PostRequest, ctx: SendContext): Promise<SendAnswer> {
  const checked = checkAddress(request.url, request.what)
  if (!(checked instanceof URL)) return checked
  let url = checked
  const timeoutMs = request.timeoutMs ?? SEND_TIMEOUT_MS
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = AbortSignal.any([ctx.signal, timeout])
  try {
    for (let hop = 0; ; hop++) {
      const response = await fetch(url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        signal,
      })
      const location = response.headers.get('location')
      if (response.status >= 300 && response.status < 400 && location !== null) {
        await response.body?.cancel().catch(() => undefined)
        let next: URL
        try {
          next = new URL(location, url)
        } catch {
          return refused(
            `The receiver redirected to an address that is not valid (HTTP ${response.status}).`,
          )
        }
        // 303: the POST was taken and the answer is elsewhere (re-posting would send it twice).
        if (response.status === 303)
          return { ok: true, httpStatus: 303, said: 'HTTP 303 See Other (taken)' }
        // 301/302 turn a POST into a GET in most clients: the address moved; the user updates it.
        if (response.status === 301 || response.status === 302)
          return {
            ...refused(
              `${request.what} has moved (HTTP ${response.status}); update it to the new address.`,
            ),
            httpStatus: response.status,
          }
        if (next.origin !== url.origin)
          return refused(
            `The receiver redirected to another site (${next.host}); redirects to another site are not followed. Use the address it redirects to, if you trust it.`,
          )
        if (hop >= MAX_REDIRECTS)
          return refused(`The receiver redirected more than ${MAX_REDIRECTS} times.`)
        url = next
        continue
      }
      const text = await readCapped(response)
      return answerForStatus(
        response.status,
        said(response.status, response.statusText, text, request.secret),
        response.headers.get('retry-after'),
        ctx.now(),
      )
    }
  } catch (err) {
    // The caller aborted (its own deadline, a shutdown): it knows why, so it is told by a rejection.
    if (ctx.signal.aborted && !timeout.aborted) throw abortReason(ctx.signal, err)
    return networkFailure(networkWords(err, url, timeout.aborted, timeoutMs), request.secret)
  }
}
