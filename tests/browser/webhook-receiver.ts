// A real HTTP receiver on 127.0.0.1 for contact point tests: keeps every request (path, headers,
// body) and answers with the status the test sets.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
}

export interface Receiver {
  url: string
  received: Received[]
  /** The status (and body) of the next answers. */
  answer(status: number, body?: string): void
  close(): Promise<void>
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = []
  let status = 200
  let reply = 'ok'
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      })
      res.writeHead(status, { 'content-type': 'text/plain' }).end(reply)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (s, b = s < 300 ? 'ok' : 'no') => {
      status = s
      reply = b
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
