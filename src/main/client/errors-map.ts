// Every way a request can fail → one LiquidityError kind with a sentence a non-technical user can act on.
import { LiquidityError } from '../../shared/errors'

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

/** Low-level socket/DNS errors from node:http. */
export function networkError(cause: unknown, url: URL): LiquidityError {
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
        typeof code === 'string' && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|TLS|SSL/.test(code)
          ? `The secure connection to ${where} could not be verified (${code}).`
          : `The connection to the service at ${where} failed (${typeof code === 'string' ? code : errorText(cause)}).`
  }
  return new LiquidityError('network', message, { cause })
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

function seconds(ms: number): string {
  return `${Math.max(1, Math.ceil(ms / 1000))} s`
}

/** A non-2xx (and non-redirect) answer → kind + message; `what` names the request, e.g. `asset "TSLA"`. */
export function statusError(
  status: number,
  what: string,
  body: unknown,
  retryAfterMs: number | undefined,
): LiquidityError {
  const detail = serverMessage(body)
  const extra = retryAfterMs === undefined ? { status } : { status, retryAfterMs }
  if (status === 401) {
    return new LiquidityError(
      'auth',
      withDetail(
        'The service did not accept your API key (401). Check the key in Settings.',
        detail,
      ),
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
  if (status === 429) {
    const when =
      retryAfterMs === undefined
        ? 'Try again in a little while.'
        : `Try again in ${seconds(retryAfterMs)}.`
    return new LiquidityError(
      'rate-limited',
      withDetail(`The service is receiving too many requests (429). ${when}`, detail),
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
