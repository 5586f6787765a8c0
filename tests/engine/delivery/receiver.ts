// A local HTTP receiver for channel tests: records each request (method, path, headers, body) and
// answers what the test scripts (default 200 "ok").
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
}

export type Reply = (req: Received, res: ServerResponse) => void

export interface Receiver {
  url: string
  received: Received[]
  /** Answers the next requests this way (until set again). */
  reply(fn: Reply): void
  close(): Promise<void>
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = []
  let replyFn: Reply = (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end('ok')
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const r: Received = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      received.push(r)
      replyFn(r, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    reply(fn) {
      replyFn = fn
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
