// Every way a request can fail → one LiquidityError kind with a sentence a non-technical user can act on.
import { LiquidityError } from '../../shared/errors'
import { localClock, systemUtcOffset, zoneName, type UtcOffset } from '../../shared/local-time'
import type { HoldCause } from './hold-cause'

export function cancelledError(): LiquidityError {
  return new LiquidityError('cancelled', 'The request was cancelled.')
}

export function timeoutError(timeoutMs: number): LiquidityError {
  const secs = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`
  return new LiquidityError(
    'timeout',
    `The service did not answer within ${secs}. It may be busy or unreachable; try again later.`,
  )
}

export function tooLargeError(maxBytes: number): LiquidityError {
  const mib = (maxBytes / 1024 / 1024).toFixed(maxBytes < 1024 * 1024 ? 2 : 0)
  return new LiquidityError(
    'invalid-response',
    `The service sent more data than expected (over ${mib} MiB), so it was not read. Check the service address.`,
  )
}

/** Where the user fixes what a message is about: the app's Settings, or the CLI's flags and files. */
export interface SettingsHelp {
  /** After "No API key is set." */
  missingKey: string
  /** After "The service did not accept your API key (401)." */
  rejectedKey: string
  /** A sentence sending the user to where the service address is set. */
  address: string
  /** After a start-up repair of some settings (default: check them in Settings). */
  reviewSettings?: string
  /** Completes "To fix this, make sure <file> is a file … in a folder that can be written, …". */
  afterStorageFix?: string
  /** After "it is rate-limited until 15:01 UTC.": what happens then (default: the app tries again). */
  afterHold?: string
  /** The zone a surface says its times in (default the system's; the CLI says every time in UTC). */
  zone?: UtcOffset
}

export const APP_HELP: SettingsHelp = {
  missingKey: 'Add your Liquidity API key in Settings.',
  rejectedKey: 'Check the key in Settings.',
  address: 'Check the service address in Settings.',
}

/** Low-level socket/DNS errors from node:http. */
export function networkError(cause: unknown, url: URL, help: SettingsHelp): LiquidityError {
  const code = (cause as { code?: unknown } | null)?.code
  const where = url.host
  let message: string
  switch (code) {
    case 'ECONNREFUSED':
      message = `Could not connect to the service at ${where}: nothing answered. Is it running, and is the address right?`
      break
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      message = `Could not find the server ${url.hostname}. Check the service address and your internet connection.`
      break
    case 'ECONNRESET':
    case 'EPIPE':
      message = `The connection to the service at ${where} was interrupted.`
      break
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      message = `The network cannot reach ${where}. Check your internet connection.`
      break
    default:
      message =
        (typeof code === 'string' && tlsMessage(code, where, help)) ||
        `The connection to the service at ${where} failed (${typeof code === 'string' ? code : errorText(cause)}).`
  }
  return new LiquidityError('network', message, { cause })
}

/** OpenSSL's certificate verification codes as Node reports them (tls docs: X509 error codes). */
const CERT_CODES = new Set([
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_CRL',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECRYPT_CRL_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'CERT_SIGNATURE_FAILURE',
  'CRL_SIGNATURE_FAILURE',
  'CERT_NOT_YET_VALID',
  'CERT_HAS_EXPIRED',
  'CRL_NOT_YET_VALID',
  'CRL_HAS_EXPIRED',
  'ERROR_IN_CERT_NOT_BEFORE_FIELD',
  'ERROR_IN_CERT_NOT_AFTER_FIELD',
  'ERROR_IN_CRL_LAST_UPDATE_FIELD',
  'ERROR_IN_CRL_NEXT_UPDATE_FIELD',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_CHAIN_TOO_LONG',
  'CERT_REVOKED',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'HOSTNAME_MISMATCH',
])

/**
 * A certificate or TLS handshake failure: it stops the connection before any request (and so the
 * key) is sent, and repeating the request will not fix it. The one test, for messages and retries.
 */
export function isTlsFailure(code: unknown): code is string {
  return typeof code === 'string' && (CERT_CODES.has(code) || /^ERR_(TLS|SSL)_/.test(code))
}

function tlsMessage(code: string, where: string, help: SettingsHelp): string | null {
  if (!isTlsFailure(code)) return null
  const refused = 'so Liquidity Watch did not connect and did not send your API key.'
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH') {
    return `The server at ${where} presented a certificate for a different name, ${refused} ${help.address}`
  }
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return `The server at ${where} presented a certificate that has expired or is not valid yet, ${refused} If this computer's clock is wrong, correct it; otherwise the service must renew its certificate.`
  }
  if (
    /SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|CERT_UNTRUSTED|CERT_SIGNATURE_FAILURE|INVALID_CA/.test(
      code,
    )
  ) {
    return `The server at ${where} presented a certificate that this computer does not trust, ${refused} Check the service address; a company network that inspects traffic may need its certificate installed on this computer.`
  }
  return `The secure connection to ${where} could not be set up (${code}), ${refused}`
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}

/** The server's own explanation, when it sent a JSON error body; short and single-line. */
export function serverMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const b = body as Record<string, unknown>
  const nested =
    typeof b.error === 'object' && b.error !== null ? (b.error as Record<string, unknown>) : {}
  const candidates = [b.message, nested.message, b.error, b.detail, b.title]
  const text = candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '')
  if (text === undefined) return undefined
  const clean = text.replace(/\s+/g, ' ').trim()
  return clean.length > 300 ? `${clean.slice(0, 297)}...` : clean
}

function withDetail(base: string, detail: string | undefined): string {
  return detail ? `${base} The service said: "${detail}"` : base
}

/** Local HH:MM of the first whole minute at or after t: by then the hold is surely over. */
export function clockTime(t: number, tz: UtcOffset = systemUtcOffset): string {
  return localClock(new Date(Math.ceil(t / 60_000) * 60_000), tz)
}

/** What a hold means: a sentence that names until when (the local time and its zone: the CLI says
 *  its other times in UTC, and "08:47" beside "13:47Z" read as two different times), then what
 *  happens then (the app tries again; a one-shot CLI run says to run it again). */
function holdSentence(
  status: number,
  untilMs: number,
  help: SettingsHelp,
  cause: HoldCause,
): string {
  const zone = help.zone ?? systemUtcOffset
  const when = `${clockTime(untilMs, zone)} ${zoneName(new Date(untilMs), zone)}`
  const then = help.afterHold ?? 'Liquidity Watch will try again then.'
  const earlier = cause === 'earlier-run' ? ' on an earlier run' : ''
  if (status === 503)
    return `The service ${earlier ? 'was' : 'is'} temporarily unavailable (503)${earlier} and asked Liquidity Watch to wait until ${when}. ${then}`
  // Without Retry-After the time is our own back-off, not the service's.
  if (cause === 'backoff')
    return `The service asked Liquidity Watch to slow down (429) without saying for how long, so Liquidity Watch waits a little: it is rate-limited until ${when}. ${then}`
  return `The service asked Liquidity Watch to slow down (429)${earlier}; it is rate-limited until ${when}. ${then}`
}

/** A request not sent because its origin is on hold for longer than the caller can wait. */
export function heldError(
  status: number,
  untilMs: number,
  remainingMs: number,
  help: SettingsHelp = APP_HELP,
  cause: HoldCause = 'asked',
): LiquidityError {
  return new LiquidityError('rate-limited', holdSentence(status, untilMs, help, cause), {
    retryAfterMs: remainingMs,
  })
}

export function missingKeyError(help: SettingsHelp): LiquidityError {
  return new LiquidityError('auth', `No API key is set. ${help.missingKey}`)
}

/**
 * A non-2xx (and non-redirect) answer → kind + message; `what` names the request, e.g. `asset "TSLA"`.
 * `heldUntil`: the rate gate's hold this answer started (429, or 503 with Retry-After).
 */
export function statusError(
  status: number,
  what: string,
  body: unknown,
  heldUntil?: { untilMs: number; remainingMs: number; cause?: HoldCause },
  help: SettingsHelp = APP_HELP,
): LiquidityError {
  const detail = serverMessage(body)
  const extra = !heldUntil ? { status } : { status, retryAfterMs: heldUntil.remainingMs }
  if (status === 401) {
    return new LiquidityError(
      'auth',
      withDetail(`The service did not accept your API key (401). ${help.rejectedKey}`, detail),
      extra,
    )
  }
  if (status === 403) {
    return new LiquidityError(
      'auth',
      withDetail('Your API key is not allowed to read this data (403).', detail),
      extra,
    )
  }
  if (status === 404) {
    return new LiquidityError(
      'not-found',
      withDetail(`The service has no ${what} (404).`, detail),
      extra,
    )
  }
  if (status === 408) {
    return new LiquidityError(
      'timeout',
      withDetail('The service gave up waiting for the request (408). Try again later.', detail),
      extra,
    )
  }
  if (heldUntil && (status === 429 || status === 503)) {
    return new LiquidityError(
      status === 429 ? 'rate-limited' : 'server',
      withDetail(holdSentence(status, heldUntil.untilMs, help, heldUntil.cause ?? 'asked'), detail),
      extra,
    )
  }
  if (status === 429) {
    return new LiquidityError(
      'rate-limited',
      withDetail('The service is receiving too many requests (429). Try again later.', detail),
      extra,
    )
  }
  if (status >= 500 && status <= 599) {
    return new LiquidityError(
      'server',
      withDetail(`The service had a problem answering (${status}). Try again later.`, detail),
      extra,
    )
  }
  if (status >= 400 && status <= 499) {
    return new LiquidityError(
      'bad-request',
      withDetail(`The service refused the request for ${what} (${status}).`, detail),
      extra,
    )
  }
  return new LiquidityError(
    'invalid-response',
    `The service answered with an unexpected status (${status}).`,
    extra,
  )
}
