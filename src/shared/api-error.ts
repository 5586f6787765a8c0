// Zod-free home of ApiCallError so the sandboxed preload can throw it without bundling zod.
import type { SerializedError } from './errors'

/** Errors in the renderer: a real Error carrying the kind. */
export class ApiCallError extends Error {
  override readonly name = 'ApiCallError'
  constructor(readonly error: SerializedError) {
    super(error.message)
  }
  get kind(): SerializedError['kind'] {
    return this.error.kind
  }
}
