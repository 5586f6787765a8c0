// The local Liquidity service as the app embeds it: generated demo data over plain HTTP.
// Implements shared/spec/liquidity-data-service.md. Faults, scenarios and the /__admin routes are
// development tools (src/dev-service): they plug in through `extend` and are not bundled here.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { handleApi, matchApiRoute, type ApiRoute } from './api'
import { getCatalog } from './catalog'
import type { Catalog } from './catalog-types'
import { DataModel } from './model'
import { bothOverlays, NO_OVERLAY, type DataOverlay } from './overlay'
import { checkBearer, error, send, type Reply } from './reply'

/** Public by design: it only unlocks generated demo data on a loopback port. */
export const DEMO_API_KEY = 'lw-demo-key-0000000000000000'

export interface DemoServiceOptions {
  host?: string
  /** 0 (default) picks a free port. */
  port?: number
  apiKey?: string
  /** Injected clock: every value served is a deterministic function of it. */
  now?: () => Date
  /** Added to every API response. */
  latencyMs?: number
  /**
   * Serve a generated universe of this many assets (the 26 real demo assets first, then made-up
   * ones with realistic issuers, networks and pools) instead of the demo's 26: scale tests, bench.
   */
  universe?: number
  /**
   * How long an idle keep-alive connection stays open, in ms (default 30 000). 0 keeps it until
   * the client closes it: no timer per socket between requests.
   */
  keepAliveMs?: number
  /** How often Node checks half-received requests against their time limits (default 30 000 ms). */
  timeoutCheckMs?: number
  /** The app's demo stories (service/demo-stories.ts), under an extension's own overlay if any. */
  overlay?: DataOverlay
}

/**
 * For the service embedded in the app (demo data): it must not wake the process between polls.
 * Its one client keeps a bounded pool of sockets and times out its own requests, so idle sockets
 * need no timer and half-sent requests are checked rarely.
 */
export const QUIET_WHEN_IDLE = { keepAliveMs: 0, timeoutCheckMs: 10 * 60_000 } as const

export interface ServiceStats {
  requests: number
  connections: number
}

/** What the service lends an extension: its data, clock and key, and its latency and counts. */
export interface ServiceContext {
  catalog: Catalog
  now: () => Date
  apiKey: string
  setLatency(ms: number): void
  stats(): ServiceStats
}

/** How one API answer is delayed and sent (the plain way: no delay, sent as built). */
export interface Delivery {
  delayMs: number
  send(res: ServerResponse, reply: Reply): void
}

/** What a development service adds to the demo one; the app passes none. */
export interface ServiceExtension {
  /** Scripted stories over the generated values. */
  overlay?: DataOverlay
  /** Sees every request first. */
  onRequest?(req: IncomingMessage, url: URL): void
  /** Answers a path of its own before the API is asked; null when the path is not its. */
  route?(req: IncomingMessage, path: string): Promise<Reply> | null
  /** How an API answer for this endpoint (and asset symbol) goes out. */
  deliver?(kind: ApiRoute['kind'], symbol: string | undefined): Delivery
}

export interface DemoService {
  /** http://127.0.0.1:PORT, no trailing slash. */
  url: string
  apiKey: string
  setLatency(ms: number): void
  stats(): ServiceStats
  resetStats(): void
  close(): Promise<void>
}

/** The symbol an asset request names (undefined for analytics or bad percent-encoding). */
function assetSymbol(route: ApiRoute): string | undefined {
  if (route.kind !== 'asset') return undefined
  try {
    return decodeURIComponent(route.rawSymbol)
  } catch {
    return undefined
  }
}

const plainDelivery: Delivery = { delayMs: 0, send }

/** `extend` is called once, before the service listens, with what an extension may use. */
export async function startDemoService(
  opts: DemoServiceOptions = {},
  extend?: (ctx: ServiceContext) => ServiceExtension,
): Promise<DemoService> {
  const host = opts.host ?? '127.0.0.1'
  const apiKey = opts.apiKey ?? DEMO_API_KEY
  const now = opts.now ?? (() => new Date())
  const catalog = getCatalog(opts.universe)
  const counts: ServiceStats = { requests: 0, connections: 0 }
  let latencyMs = opts.latencyMs ?? 0
  // Aborts pending latency waits so close() is not held up by them.
  const closing = new AbortController()

  const setLatency = (ms: number): void => {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`latency must be >= 0 ms (got ${ms})`)
    latencyMs = ms
  }
  const stats = (): ServiceStats => ({ ...counts })
  const ext = extend?.({ catalog, now, apiKey, setLatency, stats }) ?? {}
  const overlay =
    ext.overlay && opts.overlay
      ? bothOverlays(opts.overlay, ext.overlay)
      : (ext.overlay ?? opts.overlay ?? NO_OVERLAY)
  const model = new DataModel(catalog, overlay)

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    counts.requests++
    const url = new URL(req.url ?? '/', 'http://service.local')
    const path = url.pathname
    ext.onRequest?.(req, url)
    const own = ext.route?.(req, path)
    if (own) return send(res, await own)
    const route = matchApiRoute(path)
    if (!route) {
      return send(
        res,
        error(
          404,
          'not_found',
          `No endpoint at ${path}. Try /api/v0/liquidity/asset/{symbol} or /api/v0/liquidity/analytics.`,
        ),
      )
    }
    if (req.method !== 'GET') {
      return send(
        res,
        error(
          405,
          'method_not_allowed',
          `${req.method} is not allowed here: the service is read-only (GET).`,
          { allow: 'GET' },
        ),
      )
    }
    const delivery = ext.deliver?.(route.kind, assetSymbol(route)) ?? plainDelivery
    const wait = latencyMs + delivery.delayMs
    if (wait > 0) {
      try {
        await sleep(wait, undefined, { signal: closing.signal })
      } catch {
        return // service closing
      }
    }
    if (res.destroyed) return
    const reply =
      checkBearer(req, apiKey) ?? handleApi(route, url.searchParams, model, now().getTime())
    delivery.send(res, reply)
  }

  const checkMs = opts.timeoutCheckMs ?? 30_000
  const server = createServer(
    { keepAlive: true, connectionsCheckingInterval: checkMs },
    (req, res) => {
      handle(req, res).catch((e: unknown) => {
        if (res.headersSent) res.destroy()
        else send(res, error(500, 'internal', `Internal error: ${(e as Error).message}`))
      })
    },
  )
  // Long keep-alive so polling clients and the benchmark reuse sockets.
  server.keepAliveTimeout = opts.keepAliveMs ?? 30_000
  server.on('connection', () => counts.connections++)

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const shownHost = host.includes(':') ? `[${host}]` : host

  let closed: Promise<void> | null = null
  return {
    url: `http://${shownHost}:${port}`,
    apiKey,
    setLatency,
    stats,
    resetStats: () => {
      counts.requests = 0
      counts.connections = 0
    },
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        closing.abort()
        server.close(() => resolve())
        // Stalled and keep-alive sockets would otherwise hold close() open.
        server.closeAllConnections()
      })
      return closed
    },
  }
}
