// A loopback address in front of a test's real Alertmanager for an app that runs on the suite's
// pinned clock: Alertmanager (a Go binary) ignores libfaketime and judges alerts by the wall clock,
// so an alert posted to it with "endsAt" two hours after the pinned now has ended days ago. The
// bridge moves every alert's startsAt and endsAt from the suite's clock onto Alertmanager's, for the
// message's POST and the per-poll re-post alike. It passes on the method, path, body and content
// type only (the channel sends no credential here), and answers with Alertmanager's status, body
// and content type: its own Date header is on the suite's clock, as the app's requests are.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { RunningAlertmanager } from './alertmanager-server'

export interface ClockBridge {
  url: string
  /** The POSTs of alerts passed on, with their times as the app sent them. */
  posted: { startsAt?: string; endsAt?: string }[][]
  close(): Promise<void>
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

type Alert = { startsAt?: string; endsAt?: string } & Record<string, unknown>

const moved = (iso: string | undefined, ms: number): string | undefined =>
  iso === undefined ? undefined : new Date(Date.parse(iso) + ms).toISOString()

export async function startClockBridge(am: RunningAlertmanager): Promise<ClockBridge> {
  const posted: Alert[][] = []
  const server = createServer((req, res) => {
    void (async () => {
      let body = await bodyOf(req)
      if (req.method === 'POST' && (req.url ?? '').endsWith('/api/v2/alerts')) {
        const alerts = JSON.parse(body) as Alert[]
        posted.push(alerts)
        const shift = am.now().getTime() - Date.now()
        body = JSON.stringify(
          alerts.map((a) => ({
            ...a,
            startsAt: moved(a.startsAt, shift),
            endsAt: moved(a.endsAt, shift),
          })),
        )
      }
      const answer = await fetch(`${am.url}${req.url ?? '/'}`, {
        method: req.method,
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      })
      res.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'text/plain',
      })
      res.end(Buffer.from(await answer.arrayBuffer()))
    })().catch((e: unknown) => {
      res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(`clock bridge: ${(e as Error).message}`)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    posted,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
