// A real HTTP receiver on 127.0.0.1 for delivery tests: it logs every request (headers, body), can
// be told how to answer (a status, Retry-After, a delay, or never), and can de-duplicate by the
// Idempotency-Key header the way a careful receiver does.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
  /** The answer given (status). */
  status: number
}

export interface Answer {
  status: number
  retryAfter?: string
  body?: string
  /** Hold the answer this long (ms, real time); Infinity: never answer. */
  delayMs?: number
}

export class WebhookReceiver {
  readonly log: Received[] = []
  /** Idempotency keys accepted (2xx) so far; a repeat of one is answered 200 and not kept again. */
  readonly accepted: string[] = []
  answer: (r: { body: string; headers: IncomingHttpHeaders; n: number }) => Answer = () => ({
    status: 200,
  })
  /** Called once an answer has been written out (the sender may not have read it yet). */
  afterAnswer: (r: Received) => void = () => undefined
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<WebhookReceiver> {
    let self: WebhookReceiver | null = null
    const server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const r = self!
        const body = Buffer.concat(chunks).toString('utf8')
        const a = r.answer({ body, headers: req.headers, n: r.log.length })
        r.log.push({
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body,
          status: a.status,
        })
        const key = req.headers['idempotency-key']
        if (a.status < 300 && typeof key === 'string' && !r.accepted.includes(key))
          r.accepted.push(key)
        const reply = (): void => {
          const headers: Record<string, string> = { 'content-type': 'text/plain' }
          if (a.retryAfter !== undefined) headers['retry-after'] = a.retryAfter
          res.writeHead(a.status, headers).end(a.body ?? '', () => r.afterAnswer(r.log.at(-1)!))
        }
        if (a.delayMs === Infinity) return
        if (a.delayMs) setTimeout(reply, a.delayMs)
        else reply()
      })
    })
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
    const { port } = server.address() as AddressInfo
    self = new WebhookReceiver(server, `http://127.0.0.1:${port}`)
    return self
  }

  /** The JSON bodies received with a 2xx answer, in order. */
  okBodies<T = unknown>(): T[] {
    return this.log.filter((r) => r.status < 300).map((r) => JSON.parse(r.body) as T)
  }

  async close(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>((ok) => this.server.close(() => ok()))
  }
}
