// The daemon's HTTP endpoints: GET /metrics (Prometheus text), /healthz (the process answers) and
// /readyz (a poll succeeded within two intervals). Read-only; nothing here changes state.
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ListenAddress } from './listen'

export interface Readiness {
  ready: boolean
  /** Plain words: why (not) ready. */
  reason: string
  lastSuccessAt: string | null
  lastAttemptAt: string | null
  lastError: string | null
  /** True on the built-in demo data (`--demo`): the figures are not a real service's. */
  demo: boolean
}

export interface Endpoints {
  metrics: () => Promise<{ contentType: string; body: string }>
  readiness: () => Readiness
  startedAt: string
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(`${JSON.stringify(body, null, 2)}\n`)
}

export async function serve(
  at: ListenAddress,
  e: Endpoints,
): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end('Only GET is served here.\n')
      return
    }
    if (path === '/metrics') {
      e.metrics().then(
        (m) => {
          res.writeHead(200, { 'content-type': m.contentType })
          res.end(m.body)
        },
        (err: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' })
          res.end(`The metrics could not be made: ${(err as Error).message}\n`)
        },
      )
    } else if (path === '/healthz') {
      json(res, 200, { status: 'alive', pid: process.pid, startedAt: e.startedAt })
    } else if (path === '/readyz') {
      const r = e.readiness()
      json(res, r.ready ? 200 : 503, { status: r.ready ? 'ready' : 'not ready', ...r })
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('Not found. Try /metrics, /healthz or /readyz.\n')
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(at.port, at.host, () => resolve())
  })
  const a = server.address() as AddressInfo
  const host = a.family === 'IPv6' ? `[${a.address}]` : a.address
  return { server, url: `http://${host}:${a.port}` }
}
