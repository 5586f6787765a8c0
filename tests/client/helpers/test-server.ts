// A tiny real HTTP server on 127.0.0.1 for behaviour the local service does not script
// (redirects, exact concurrency, body shapes). Records what the client actually sent.
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SeenRequest {
  url: string
  authorization: string | undefined
}

export interface TestServer {
  url: string
  origin: string
  seen: SeenRequest[]
  /** Highest number of requests being handled at the same moment. */
  maxInFlight: number
  connections: number
  close(): Promise<void>
}

export type Handler = (req: IncomingMessage, res: ServerResponse, index: number) => void

export async function startTestServer(handler: Handler): Promise<TestServer> {
  let inFlight = 0
  const state: TestServer = {
    url: '',
    origin: '',
    seen: [],
    maxInFlight: 0,
    connections: 0,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
    },
  }
  const server = http.createServer((req, res) => {
    const index = state.seen.length
    state.seen.push({ url: req.url ?? '', authorization: req.headers.authorization })
    inFlight++
    state.maxInFlight = Math.max(state.maxInFlight, inFlight)
    res.on('close', () => inFlight--)
    handler(req, res, index)
  })
  server.on('connection', () => state.connections++)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const { port } = server.address() as AddressInfo
  state.origin = `http://127.0.0.1:${port}`
  state.url = state.origin
  return state
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  })
  res.end(text)
}
