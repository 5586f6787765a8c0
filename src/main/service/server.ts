// The local Liquidity service: the app's demo data source, `npm run service`, and the HTTP test
// double for every other module. Implements shared/spec/liquidity-data-service.md.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { ADMIN_PREFIX, handleAdmin, type AdminDeps } from './admin'
import { handleApi, matchApiRoute, type ApiRoute } from './api'
import { getCatalog } from './catalog'
import { sendWithFault } from './fault-send'
import { FaultController } from './faults'
import { DataModel } from './model'
import { checkBearer, error, send } from './reply'
import { ScenarioController } from './scenarios'

export type { Fault } from './faults'
export type { Scenario, ActiveScenario } from './scenarios'
export { FaultController } from './faults'
export { ScenarioController } from './scenarios'

/** Public by design: it only unlocks generated demo data on a loopback port. */
export const DEMO_API_KEY = 'lw-demo-key-0000000000000000'

export interface LocalServiceOptions {
  host?: string
  /** 0 (default) picks a free port. */
  port?: number
  apiKey?: string
  /** Injected clock: every value served is a deterministic function of it. */
  now?: () => Date
  /** Added to every API response. */
  latencyMs?: number
  /** Serve /__admin (loopback only, bearer key). Default false; the CLI turns it on. */
  admin?: boolean
  /**
   * Serve a generated universe of this many assets (the 26 real demo assets first, then made-up
   * ones with realistic issuers, networks and pools) instead of the demo's 26: scale tests, bench.
   */
  universe?: number
  /** How many recent requests requestLog() keeps (default 1000). */
  requestLogSize?: number
  /**
   * How long an idle keep-alive connection stays open, in ms (default 30 000). 0 keeps it until
   * the client closes it: no timer per socket between requests.
   */
  keepAliveMs?: number
  /** How often Node checks half-received requests against their time limits (default 30 000 ms). */
  timeoutCheckMs?: number
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

/** One request as the service received it (tests check where the API key went). */
export interface LoggedRequest {
  method: string
  path: string
  /** The query string without its '?' ('' when none): which analytics a poll asked for. */
  query: string
  /** The Authorization header as sent, or null when there was none. */
  authorization: string | null
}

/** The request log keeps the most recent requests only, so a long-running service stays small. */
const DEFAULT_REQUEST_LOG_SIZE = 1000

export interface LocalService {
  /** http://127.0.0.1:PORT, no trailing slash. */
  url: string
  apiKey: string
  faults: FaultController
  scenarios: ScenarioController
  setLatency(ms: number): void
  stats(): ServiceStats
  /** The most recent requests, oldest first (bounded); cleared by resetStats(). */
  requestLog(): LoggedRequest[]
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

export async function startLocalService(opts: LocalServiceOptions = {}): Promise<LocalService> {
  const host = opts.host ?? '127.0.0.1'
  const apiKey = opts.apiKey ?? DEMO_API_KEY
  const now = opts.now ?? (() => new Date())
  const logSize = Math.max(1, opts.requestLogSize ?? DEFAULT_REQUEST_LOG_SIZE)
  const catalog = getCatalog(opts.universe)
  const faults = new FaultController()
  const scenarios = new ScenarioController(catalog, now)
  const model = new DataModel(catalog, scenarios)
  const counts: ServiceStats = { requests: 0, connections: 0 }
  let log: LoggedRequest[] = []
  let latencyMs = opts.latencyMs ?? 0
  // Aborts pending latency waits so close() is not held up by them.
  const closing = new AbortController()

  const setLatency = (ms: number): void => {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`latency must be >= 0 ms (got ${ms})`)
    latencyMs = ms
  }
  const stats = (): ServiceStats => ({ ...counts })
  const adminDeps: AdminDeps = { apiKey, faults, scenarios, setLatency, stats }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    counts.requests++
    const url = new URL(req.url ?? '/', 'http://service.local')
    const path = url.pathname
    log.push({
      method: req.method ?? '',
      path,
      query: url.search.slice(1),
      authorization: req.headers.authorization ?? null,
    })
    if (log.length > logSize) log = log.slice(-logSize)
    if (path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`)) {
      if (opts.admin) return send(res, await handleAdmin(req, path, adminDeps))
    }
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
    const { delayMs, fault } = faults.take(route.kind, assetSymbol(route))
    const wait = latencyMs + delayMs
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
    sendWithFault(res, reply, fault)
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
    faults,
    scenarios,
    setLatency,
    stats,
    requestLog: () => log.map((r) => ({ ...r })),
    resetStats: () => {
      counts.requests = 0
      counts.connections = 0
      log = []
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
