// Zod-free home of ApiCallError so the sandboxed preload can throw it without bundling zod.
import { isErrorKind, type SerializedError } from './errors'

// Electron's contextBridge copies only the message of an Error a bridged promise rejects with
// (electron/electron#25596), so the preload puts the kind in front of it: "[kind] message".
const BRIDGE_TAG = /^\[([a-z-]+)\] ([\s\S]*)$/

/** Errors in the renderer: a real Error carrying the kind. */
export class ApiCallError extends Error {
  override readonly name = 'ApiCallError'
  constructor(readonly error: SerializedError) {
    super(error.message)
  }
  get kind(): SerializedError['kind'] {
    return this.error.kind
  }

  /** What the preload throws: `.kind` works in-process, and the kind survives the bridge in the message. */
  static forBridge(error: SerializedError): ApiCallError {
    const e = new ApiCallError(error)
    e.message = `[${error.kind}] ${error.message}`
    return e
  }

  /** Kind and clean message of anything window.api threw (an ApiCallError, a bridged copy, or other). */
  static from(e: unknown): ApiCallError {
    if (e instanceof ApiCallError) return new ApiCallError(e.error)
    const message = e instanceof Error ? e.message : String(e)
    const m = BRIDGE_TAG.exec(message)
    if (m && isErrorKind(m[1])) return new ApiCallError({ kind: m[1], message: m[2] ?? '' })
    return new ApiCallError({ kind: 'internal', message })
  }
}
