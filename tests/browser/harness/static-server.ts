// Serves the built renderer (out/renderer) on 127.0.0.1: Chromium will not run module scripts
// from file://. Every HTML response carries the page's own CSP as a header too, so the policy
// the app ships with is the one in force (and nothing the harness injects needs it relaxed).
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
}

export interface StaticServer {
  url: string
  /** The CSP read from index.html's meta tag (also sent as a header). */
  csp: string
  close(): Promise<void>
}

/** The content of the page's `<meta http-equiv="Content-Security-Policy">`. */
export function cspOf(html: string): string {
  const m = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html)
  if (!m?.[1]) throw new Error('index.html has no Content-Security-Policy meta tag')
  return m[1]
}

export async function serveDir(dir: string): Promise<StaticServer> {
  const root = resolve(dir)
  const csp = cspOf(await readFile(join(root, 'index.html'), 'utf8'))
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const file = normalize(join(root, path === '/' ? 'index.html' : path))
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end()
      return
    }
    readFile(file).then(
      (body) => {
        const type = TYPES[extname(file)] ?? 'application/octet-stream'
        const headers: Record<string, string> = {
          'content-type': type,
          'cache-control': 'no-store',
        }
        if (type.startsWith('text/html')) headers['content-security-policy'] = csp
        res.writeHead(200, headers).end(body)
      },
      () => res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'),
    )
  })
  await new Promise<void>((ok, fail) => {
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => ok())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    csp,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections()
        server.close(() => ok())
      }),
  }
}
