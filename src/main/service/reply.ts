// A fully built response, kept as data until it is sent so faults can bend it first.
import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

export const JSON_TYPE = 'application/json; charset=utf-8'

export interface Reply {
  status: number
  headers: Record<string, string>
  body: string
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'content-type': JSON_TYPE, 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(value),
  }
}

/** Every error body has the same shape: {"error":{"code","message"}}. */
export function error(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Reply {
  return json(status, { error: { code, message } }, headers)
}

export function send(res: ServerResponse, r: Reply): void {
  res.writeHead(r.status, { ...r.headers, 'content-length': String(Buffer.byteLength(r.body)) })
  res.end(r.body)
}

/** Checks `Authorization: Bearer <key>`; returns a 401 reply, or null when the key is right. */
export function checkBearer(req: IncomingMessage, apiKey: string): Reply | null {
  const challenge = { 'www-authenticate': 'Bearer realm="liquidity"' }
  const header = req.headers.authorization
  if (!header) {
    return error(
      401,
      'unauthorized',
      'Missing API key: send the header "Authorization: Bearer <API key>".',
      challenge,
    )
  }
  const m = /^Bearer +(\S+)\s*$/i.exec(header)
  if (!m) {
    return error(
      401,
      'unauthorized',
      'Malformed Authorization header: expected "Bearer <API key>".',
      challenge,
    )
  }
  // Constant-time compare: cheap to do right even for a demo key.
  const given = Buffer.from(m[1] as string)
  const want = Buffer.from(apiKey)
  if (given.length !== want.length || !timingSafeEqual(given, want)) {
    return error(401, 'invalid_api_key', 'The API key is not valid.', challenge)
  }
  return null
}
