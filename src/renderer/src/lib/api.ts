// The renderer's only door to the app: the preload's window.api. Errors carry a `kind`.
import type { ErrorKind, SerializedError } from '../../../shared/errors'
import type { RendererApi } from '../../../shared/ipc-contract'

export function api(): RendererApi {
  return window.api
}

/** The kind of a rejected call (ApiCallError.kind), or null for anything else. */
export function errorKind(e: unknown): ErrorKind | null {
  if (typeof e === 'object' && e !== null && 'kind' in e && typeof e.kind === 'string') {
    return e.kind as ErrorKind
  }
  return null
}

export function errorMessage(e: unknown): string {
  if (e instanceof Error && e.message) return e.message
  if (typeof e === 'string') return e
  return 'Something went wrong.'
}

const KIND_TITLES: Partial<Record<ErrorKind, string>> = {
  auth: 'The service refused the API key',
  'not-found': 'Not found',
  'bad-request': 'The service rejected the request',
  'rate-limited': 'Too many requests — the service asked us to slow down',
  server: 'The service had a problem',
  network: 'Cannot reach the service',
  timeout: 'The service did not answer in time',
  'invalid-response': 'The service sent data we could not read',
  'keychain-unavailable': 'The system keychain is not available',
  'invalid-argument': 'That value is not valid',
  storage: 'Could not save to disk',
}

/** "Cannot reach the service: connect ECONNREFUSED" — a title for the kind plus the detail. */
export function describeError(err: SerializedError): string {
  const title = KIND_TITLES[err.kind]
  if (!title) return err.message
  if (!err.message || err.message.toLowerCase() === title.toLowerCase()) return `${title}.`
  return `${title}: ${err.message}`
}
