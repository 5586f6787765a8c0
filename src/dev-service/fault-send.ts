// Sends a reply bent by a fault: what a flaky proxy, an overloaded backend or a captive portal
// would do to the client.
import type { ServerResponse } from 'node:http'
import { error, JSON_TYPE, send, type Reply } from '../main/service/reply'
import { patchJson } from './body-patch'
import type { ParsedFault } from './faults'

const STATUS_CODES: Record<number, [string, string]> = {
  401: ['unauthorized', 'The API key is not valid.'],
  403: ['forbidden', 'This API key may not access this resource.'],
  404: ['not_found', 'Not found.'],
  429: ['rate_limited', 'Too many requests: slow down.'],
  500: ['internal', 'Internal server error.'],
  503: ['unavailable', 'The service is temporarily unavailable.'],
}

const HTML =
  '<!doctype html><html><head><title>Just a moment...</title></head>' +
  '<body><h1>Checking your browser before accessing the site.</h1></body></html>'

const CHUNK = 64 * 1024

export function sendWithFault(res: ServerResponse, reply: Reply, fault: ParsedFault | null): void {
  switch (fault?.kind) {
    case undefined:
    case 'latency':
      return send(res, reply)
    case 'status': {
      const [code, message] = STATUS_CODES[fault.status] ?? ['error', 'Error.']
      const headers: Record<string, string> =
        fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) }
      return send(res, error(fault.status, code, message, headers))
    }
    case 'malformed-json':
      // A complete HTTP response whose JSON stops part-way.
      return send(res, {
        status: 200,
        headers: reply.headers,
        body: reply.body.slice(0, Math.max(1, Math.floor(reply.body.length * 0.6))),
      })
    case 'html-200':
      return send(res, {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: HTML,
      })
    case 'reset': {
      // Announce the full length, send half, then kill the TCP connection.
      const full = Buffer.from(reply.body)
      res.writeHead(200, { ...reply.headers, 'content-length': String(full.length) })
      res.write(full.subarray(0, Math.floor(full.length / 2)), () => res.socket?.destroy())
      return
    }
    case 'body':
      // Only a successful JSON answer is rewritten: a 401 or 404 keeps telling the truth.
      if (reply.status < 200 || reply.status > 299) return send(res, reply)
      return send(res, { ...reply, body: patchJson(reply.body, fault.set, fault.unset) })
    case 'oversized':
      return sendOversized(res, reply, fault.bytes, fault.declareLength ?? false)
    case 'stall':
      // Headers and the first bytes go out; the rest never comes. The client has to give up.
      res.writeHead(200, { 'content-type': JSON_TYPE })
      res.write(reply.body.slice(0, 12))
      return
  }
}

/** Valid JSON of about `bytes` bytes: a huge padding field first, the real body after it. */
function sendOversized(
  res: ServerResponse,
  reply: Reply,
  bytes: number,
  declareLength: boolean,
): void {
  const head = '{"_padding":"'
  const tail =
    reply.body.startsWith('{') && reply.body.length > 2 ? `",${reply.body.slice(1)}` : '"}'
  let left = Math.max(0, bytes - head.length - Buffer.byteLength(tail))
  const headers: Record<string, string> = { 'content-type': JSON_TYPE }
  if (declareLength)
    headers['content-length'] = String(head.length + left + Buffer.byteLength(tail))
  res.writeHead(200, headers)
  res.write(head)
  const filler = Buffer.alloc(CHUNK, 'x')
  let closed = false
  res.on('close', () => (closed = true))
  // Respect backpressure so a client that stops reading does not make us buffer gigabytes.
  const pump = (): void => {
    while (!closed && left > 0) {
      const n = Math.min(CHUNK, left)
      left -= n
      if (!res.write(n === CHUNK ? filler : filler.subarray(0, n))) {
        res.once('drain', pump)
        return
      }
    }
    if (!closed) res.end(tail)
  }
  pump()
}
