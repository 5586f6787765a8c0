// The renderer's only door to the app: the preload's window.api. Rejections are read with
// ApiCallError.from (kind + clean message), as the bridge keeps only the message.
import { ApiCallError } from '../../../shared/api-error'
import type { ErrorKind, SerializedError } from '../../../shared/errors'
import type { RendererApi } from '../../../shared/ipc-contract'

export function api(): RendererApi {
  return window.api
}

// contextBridge drops an Error's own properties, so the preload tags the message "[kind] message";
// ApiCallError.from reads the tag back off (and leaves an in-process ApiCallError as it is).

/** The kind of a rejected call ('internal' for anything that is not one of ours). */
export function errorKind(e: unknown): ErrorKind {
  return ApiCallError.from(e).kind
}

/** The message for people: never the bridge's "[kind] " tag. */
export function errorMessage(e: unknown): string {
  if (e === null || e === undefined) return 'Something went wrong.'
  return ApiCallError.from(e).message || 'Something went wrong.'
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
  // A key problem found before asking (none stored, or it belongs to another service): the
  // service refused nothing, and the message says what happened.
  if (err.kind === 'auth' && err.status === undefined && err.message) return err.message
  if (!err.message || err.message.toLowerCase() === title.toLowerCase()) return `${title}.`
  return `${title}: ${err.message}`
}
