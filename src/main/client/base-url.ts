// Where requests may go: validates the configured base URL and every redirect target,
// so the API key is only ever sent over https (or plain http to this machine) to one origin.
import { LiquidityError } from '../../shared/errors'
import { checkServiceUrl, transportProblem } from '../../shared/service-url'
import type { SettingsHelp } from './errors-map'

/** Parses and checks the configured base URL with the shared rule; keeps any path prefix. */
export function parseBaseUrl(baseUrl: string): URL {
  const r = checkServiceUrl(baseUrl)
  if (!r.ok) throw new LiquidityError('bad-request', r.reason)
  return new URL(r.url)
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
export function checkRedirect(location: string, from: URL, help: SettingsHelp): URL {
  let target: URL
  try {
    target = new URL(location, from)
  } catch {
    throw new LiquidityError(
      'invalid-response',
      'The service redirected to an address that is not a valid URL.',
    )
  }
  const insecure = transportProblem(target, 'The service redirected to an address that')
  if (insecure !== null) throw new LiquidityError('bad-request', insecure)
  if (target.origin !== from.origin) {
    throw new LiquidityError(
      'invalid-response',
      `The service redirected to a different server (${target.origin}); your API key is not sent there. ${help.address}`,
    )
  }
  return target
}
