// Turns response bytes into a JSON value, refusing anything that is not JSON data.
import { LiquidityError } from '../../shared/errors'

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase()
}

export function isJsonType(contentType: string | undefined): boolean {
  const t = mediaType(contentType)
  return t === 'application/json' || (t.startsWith('application/') && t.endsWith('+json'))
}

function looksLikeHtml(contentType: string | undefined, body: Buffer): boolean {
  if (mediaType(contentType).includes('html')) return true
  const head = body.subarray(0, 64).toString('utf8').trimStart().toLowerCase()
  return head.startsWith('<!doctype html') || head.startsWith('<html')
}

/** Body of a successful answer: must be declared JSON and parse as JSON. */
export function readJsonBody(contentType: string | undefined, body: Buffer): unknown {
  if (!isJsonType(contentType)) {
    if (looksLikeHtml(contentType, body)) {
      throw new LiquidityError(
        'invalid-response',
        'The service answered with a web page, not data — check the base URL.',
      )
    }
    const t = mediaType(contentType) || 'no content type'
    throw new LiquidityError(
      'invalid-response',
      `The service answered with ${t}, not JSON data — check the base URL.`,
    )
  }
  try {
    return JSON.parse(body.toString('utf8')) as unknown
  } catch (cause) {
    throw new LiquidityError(
      'invalid-response',
      'The service sent data that could not be read (malformed JSON).',
      {
        cause,
      },
    )
  }
}

/** Body of an error answer: best effort, only to pick up the server's message. */
export function tryJsonBody(contentType: string | undefined, body: Buffer): unknown {
  if (!isJsonType(contentType) || body.length === 0) return undefined
  try {
    return JSON.parse(body.toString('utf8')) as unknown
  } catch {
    return undefined
  }
}
