// One error type crosses every boundary (client → engine → IPC → renderer), tagged by kind.

export const API_ERROR_KINDS = [
  'auth',
  'not-found',
  'bad-request',
  'rate-limited',
  'server',
  'network',
  'timeout',
  'invalid-response',
] as const

export const APP_ERROR_KINDS = [
  ...API_ERROR_KINDS,
  'cancelled',
  'keychain-unavailable',
  'invalid-argument',
  'forbidden-sender',
  'storage',
  'internal',
] as const

export type ApiErrorKind = (typeof API_ERROR_KINDS)[number]
export type ErrorKind = (typeof APP_ERROR_KINDS)[number]

/**
 * Failures that belong to one row: an unknown symbol, a request the service refused as malformed,
 * an answer for one asset that could not be used. Every other failure (rate-limited, offline, slow,
 * the key, the service's own trouble) hits the whole poll alike and is said once, in the banner,
 * not on every row.
 */
export const ROW_ERROR_KINDS: readonly ErrorKind[] = [
  'not-found',
  'bad-request',
  'invalid-response',
]

/**
 * Failures only the user can fix (the key is missing, refused, or bound to another service):
 * cached data may stand in on screen, but a scripted check must not pass while one lasts.
 */
export const SETUP_ERROR_KINDS: readonly ErrorKind[] = ['auth']

export function isSetupError(e: { kind: ErrorKind }): boolean {
  return SETUP_ERROR_KINDS.includes(e.kind)
}

export function isPollWideError(e: { kind: ErrorKind } | null | undefined): boolean {
  return e != null && !ROW_ERROR_KINDS.includes(e.kind)
}

export interface SerializedError {
  kind: ErrorKind
  message: string
  status?: number
  retryAfterMs?: number
}

export class LiquidityError extends Error {
  override readonly name = 'LiquidityError'
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly extra: {
      status?: number
      retryAfterMs?: number
      cause?: unknown
    } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause })
  }
  get status(): number | undefined {
    return this.extra.status
  }
  get retryAfterMs(): number | undefined {
    return this.extra.retryAfterMs
  }
  toJSON(): SerializedError {
    const out: SerializedError = { kind: this.kind, message: this.message }
    if (this.status !== undefined) out.status = this.status
    if (this.retryAfterMs !== undefined) out.retryAfterMs = this.retryAfterMs
    return out
  }
}

export function isErrorKind(v: unknown): v is ErrorKind {
  return typeof v === 'string' && (APP_ERROR_KINDS as readonly string[]).includes(v)
}

/** Anything thrown → a serialisable error with a message fit for a person. */
export function toSerializedError(e: unknown): SerializedError {
  if (e instanceof LiquidityError) return e.toJSON()
  if (e instanceof Error) return { kind: 'internal', message: e.message }
  return { kind: 'internal', message: String(e) }
}
