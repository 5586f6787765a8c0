// Where requests may go: validates the configured base URL and every redirect target,
// so the API key is only ever sent over https (or plain http to this machine) to one origin.
import { isIP } from 'node:net'
import { LiquidityError } from '../../shared/errors'

/** 127.0.0.0/8, ::1 and localhost: traffic that never leaves this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  if (isIP(host) === 4) return host.startsWith('127.')
  if (isIP(host) === 6) return host === '::1' || /^::ffff:127\./.test(host)
  return false
}

/** Plain http would expose the API key on the network; allow it only for loopback. */
function assertSecure(url: URL, what: string): void {
  if (url.protocol === 'https:') return
  if (url.protocol === 'http:') {
    if (isLoopbackHost(url.hostname)) return
    throw new LiquidityError(
      'bad-request',
      `${what} uses plain http:// to ${url.hostname}, which would send your API key unprotected — use https:// instead.`,
    )
  }
  throw new LiquidityError(
    'bad-request',
    `${what} must start with https:// (it starts with ${url.protocol}).`,
  )
}

/** Parses and checks the configured base URL; keeps any path prefix, drops trailing slashes. */
export function parseBaseUrl(baseUrl: string): URL {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new LiquidityError('bad-request', `The service address "${baseUrl}" is not a valid URL.`)
  }
  assertSecure(url, 'The service address')
  if (url.username || url.password) {
    throw new LiquidityError(
      'bad-request',
      'The service address must not contain a user name or password.',
    )
  }
  url.pathname = url.pathname.replace(/\/+$/, '')
  url.search = ''
  url.hash = ''
  return url
}

/** base + path (+ query); path segments must already be encoded by the caller. */
export function endpointUrl(base: URL, path: string, query?: URLSearchParams): URL {
  const url = new URL(base.href)
  url.pathname = `${base.pathname.replace(/\/+$/, '')}${path}`
  const qs = query?.toString()
  if (qs) url.search = `?${qs}`
  return url
}

/**
 * Resolves a redirect Location and refuses it unless it stays on the original origin
 * (scheme + host + port) over an allowed scheme: the Authorization header goes with it.
 */
export function checkRedirect(location: string, from: URL): URL {
  let target: URL
  try {
    target = new URL(location, from)
  } catch {
    throw new LiquidityError(
      'invalid-response',
      'The service redirected to an address that is not a valid URL.',
    )
  }
  assertSecure(target, 'The service redirected to an address that')
  if (target.origin !== from.origin) {
    throw new LiquidityError(
      'invalid-response',
      `The service redirected to a different server (${target.origin}); your API key is not sent there. Check the service address in Settings.`,
    )
  }
  return target
}
