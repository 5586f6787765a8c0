// HTTP client for the Liquidity Data Service: auth, one timeout per attempt, size cap, safe
// redirects, shared concurrency limit, retries with backoff, and typed, validated results.
import { setMaxListeners } from 'node:events'
import http from 'node:http'
import https from 'node:https'
import type { Socket } from 'node:net'
import { LiquidityError } from '../../shared/errors'
import {
  analyticsLabel,
  type AnalyticsQuery,
  type AnalyticsResponseMap,
  type AssetDetail,
  type GroupBy,
} from '../../shared/liquidity-schemas'
import { parseAnalytics, parseAssetDetail } from '../../shared/parse'
import { AbortableLimit } from './abortable-limit'
import { checkRedirect, endpointUrl, parseBaseUrl } from './base-url'
import {
  APP_HELP,
  cancelledError,
  missingKeyError,
  statusError,
  timeoutError,
  type SettingsHelp,
} from './errors-map'
import { type RawResponse, requestFresh } from './http-request'
import { readJsonBody, tryJsonBody } from './response-body'
import { SignalLinks } from './signal-links'
import { RateGates, gatedExchange, timerMs, type Hold, type RateGate } from './rate-gate'
import { DEFAULT_RETRY, type RetryPolicy, abortableSleep, withRetry } from './retry'
import type { Sleep } from './sleep'
import { redactKey } from './redact-key'

export interface LiquidityClientOptions {
  baseUrl: string
  /**
   * Read on every call so a key changed in Settings applies to the next request. It may throw a
   * LiquidityError to refuse the request before anything is sent (the stored key belongs to
   * another service).
   */
  apiKey: () => string | null
  /** Send no Authorization header at all (Test connection of an unsaved URL without a typed key). */
  anonymous?: boolean
  /** Where the user fixes the key and the address, for the messages (default: the app's Settings). */
  help?: SettingsHelp
  timeoutMs?: number
  maxBodyBytes?: number
  concurrency?: number
  retry?: Partial<RetryPolicy>
  random?: () => number
  sleep?: Sleep
  /** Clock for Retry-After HTTP-dates, rate-gate holds and the "not in the future" check. */
  now?: () => number
  userAgent?: string
  /**
   * Where per-origin holds live. Clients that must respect each other's holds share one (the
   * core's poll connection and Test connection: RateLimits.gates in core/rate-limits.ts).
   * Default: this client's own.
   */
  rateGates?: RateGates
  /**
   * Certificate authorities (PEM) to trust instead of the system store. Tests use a throwaway CA;
   * the app never sets it, so real users keep the operating system's trust store.
   */
  trustedCa?: string | Buffer | Array<string | Buffer>
}

export interface RequestOptions {
  signal?: AbortSignal
  /**
   * When the caller stops waiting (the client's clock, ms): a poll gives all its requests one, so
   * the poll as a whole ends in time. Waits that would end later fail fast instead.
   */
  deadline?: number
}

export interface ClientStats {
  requests: number
  socketsOpened: number
  retries: number
}

const MAX_REDIRECTS = 3
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

export class LiquidityClient {
  private readonly base: URL
  private readonly apiKey: () => string | null
  private readonly anonymous: boolean
  private readonly help: SettingsHelp
  private readonly timeoutMs: number
  private readonly maxBodyBytes: number
  private readonly policy: RetryPolicy
  private readonly random: () => number
  private readonly sleep: Sleep
  private readonly now: () => number
  private readonly userAgent: string
  private readonly agent: http.Agent
  private readonly limit: AbortableLimit
  private readonly gate: RateGate
  private readonly closing = new AbortController()
  private readonly links = new SignalLinks(this.closing.signal)
  private readonly seenSockets = new WeakSet<Socket>()
  private readonly counters: ClientStats = { requests: 0, socketsOpened: 0, retries: 0 }

  constructor(opts: LiquidityClientOptions) {
    this.base = parseBaseUrl(opts.baseUrl)
    this.apiKey = opts.apiKey
    this.anonymous = opts.anonymous ?? false
    this.help = opts.help ?? APP_HELP
    this.timeoutMs = Math.max(1, timerMs(opts.timeoutMs ?? 15_000))
    this.maxBodyBytes = opts.maxBodyBytes ?? 32 * 1024 * 1024
    this.policy = { ...DEFAULT_RETRY, ...opts.retry }
    this.random = opts.random ?? Math.random
    this.sleep = opts.sleep ?? abortableSleep
    this.now = opts.now ?? Date.now
    this.userAgent = opts.userAgent ?? 'LiquidityWatch/0.1'
    const concurrency = Math.max(1, Math.floor(opts.concurrency ?? 8))
    // Keep-alive: a refresh of many assets reuses a handful of sockets instead of one per request.
    // No maxSockets: the limiter below is the one queue, so a request's timeout only starts once it
    // holds a slot, never while it waits for a socket.
    const agentOpts = { keepAlive: true, maxFreeSockets: concurrency }
    this.agent =
      this.base.protocol === 'https:'
        ? new https.Agent({ ...agentOpts, ...(opts.trustedCa ? { ca: opts.trustedCa } : {}) })
        : new http.Agent(agentOpts)
    this.limit = new AbortableLimit(concurrency)
    this.gate = (opts.rateGates ?? new RateGates()).for(this.base.origin)
    // Every queued or running call listens on this signal; hundreds at once are expected, not a leak.
    setMaxListeners(0, this.closing.signal)
  }

  getAsset(symbol: string, opts: RequestOptions = {}): Promise<AssetDetail> {
    if (typeof symbol !== 'string' || symbol.trim() === '') {
      return Promise.reject(new LiquidityError('bad-request', 'An asset symbol is required.'))
    }
    const url = endpointUrl(this.base, `/api/v0/liquidity/asset/${encodeURIComponent(symbol)}`)
    return this.call(url, `asset "${symbol}"`, (v) => parseAssetDetail(v, { symbol }), opts)
  }

  getAnalytics<G extends GroupBy>(
    q: AnalyticsQuery & { groupBy: G },
    opts: RequestOptions = {},
  ): Promise<AnalyticsResponseMap[G]> {
    if (q.days !== undefined && !(Number.isInteger(q.days) && q.days >= 1)) {
      return Promise.reject(
        new LiquidityError(
          'bad-request',
          'The number of days must be a whole number of at least 1.',
        ),
      )
    }
    const query = new URLSearchParams({ groupBy: q.groupBy })
    if (q.days !== undefined) query.set('days', String(q.days))
    if (q.assetType !== undefined) query.set('assetType', q.assetType)
    if (q.symbol !== undefined) query.set('symbol', q.symbol)
    if (q.issuer !== undefined) query.set('issuer', q.issuer)
    const url = endpointUrl(this.base, '/api/v0/liquidity/analytics', query)
    const label = analyticsLabel(q)
    const expected = {
      // The checks name each symbol's or issuer's entry themselves.
      label: analyticsLabel({ groupBy: q.groupBy, assetType: q.assetType }),
      days: q.days,
      symbol: q.groupBy === 'stock' ? q.symbol : undefined,
      issuer: q.groupBy === 'issuer' ? q.issuer : undefined,
    }
    const parse = (v: unknown): AnalyticsResponseMap[G] =>
      parseAnalytics(q.groupBy, v, { ...expected, nowMs: this.now() })
    return this.call(url, label, parse, opts)
  }

  /** Cancels everything in flight or queued and closes idle sockets; later calls fail as cancelled. */
  close(): void {
    this.closing.abort(cancelledError())
    this.agent.destroy()
  }

  stats(): ClientStats {
    return { ...this.counters }
  }

  private async call<T>(
    url: URL,
    what: string,
    parse: (v: unknown) => T,
    opts: RequestOptions,
  ): Promise<T> {
    const key = this.anonymous ? null : this.apiKey()
    if (!key && !this.anonymous) throw missingKeyError(this.help)
    const linked = opts.signal ? this.links.acquire(opts.signal) : null
    const signal = linked?.signal ?? this.closing.signal
    if (signal.aborted) {
      linked?.release()
      throw cancelledError()
    }
    const deadline = Math.min(opts.deadline ?? Infinity, this.now() + this.policy.waitBudgetMs)
    // What the request may still wait: never more than the gate's cap on a single hold.
    const budgetMs = (): number =>
      Math.max(0, Math.min(this.policy.retryAfterCapMs, deadline - this.now()))
    try {
      return await withRetry(
        async () => {
          const { res, held } = await gatedExchange(
            this.gate,
            this.limit,
            () => this.exchange(url, key, signal),
            {
              signal,
              budgetMs,
              clock: { now: this.now, sleep: this.sleep, random: this.random },
              help: this.help,
            },
          )
          return this.interpret(res, held, what, parse)
        },
        {
          policy: this.policy,
          random: this.random,
          sleep: this.sleep,
          signal,
          budgetMs,
          onRetry: () => void this.counters.retries++,
        },
      )
    } catch (e) {
      throw redact(e, key)
    } finally {
      linked?.release()
    }
  }

  /** One attempt: redirects included, all under a single timer (connect, headers and body). */
  private async exchange(start: URL, key: string | null, outer: AbortSignal): Promise<RawResponse> {
    const attempt = new AbortController()
    const timer = setTimeout(() => attempt.abort(timeoutError(this.timeoutMs)), this.timeoutMs)
    const onOuter = (): void => attempt.abort(cancelledError())
    if (outer.aborted) onOuter()
    else outer.addEventListener('abort', onOuter, { once: true })
    const headers: Record<string, string> = {
      ...(key === null ? {} : { Authorization: `Bearer ${key}` }),
      Accept: 'application/json',
      'User-Agent': this.userAgent,
    }
    try {
      let url = start
      for (let hop = 0; ; hop++) {
        const res = await requestFresh(url, {
          agent: this.agent,
          headers,
          signal: attempt.signal,
          maxBodyBytes: this.maxBodyBytes,
          help: this.help,
          onSocket: (s) => this.countSocket(s),
          onSend: () => void this.counters.requests++,
        })
        if (!REDIRECT_STATUSES.has(res.status)) return res
        const location = res.headers.location
        if (!location) {
          throw new LiquidityError(
            'invalid-response',
            `The service sent a redirect (${res.status}) without a target.`,
          )
        }
        if (hop >= MAX_REDIRECTS) {
          throw new LiquidityError(
            'invalid-response',
            'The service redirected too many times. Check the service address.',
          )
        }
        url = checkRedirect(location, url, this.help)
      }
    } finally {
      clearTimeout(timer)
      outer.removeEventListener('abort', onOuter)
    }
  }

  private interpret<T>(
    res: RawResponse,
    held: Hold | undefined,
    what: string,
    parse: (v: unknown) => T,
  ): T {
    const contentType = res.headers['content-type']
    if (res.status >= 200 && res.status < 300) return parse(readJsonBody(contentType, res.body))
    throw statusError(res.status, what, tryJsonBody(contentType, res.body), held, this.help)
  }

  private countSocket(s: Socket): void {
    if (this.seenSockets.has(s)) return
    this.seenSockets.add(s)
    this.counters.socketsOpened++
  }
}

/** Belt and braces: the key must never reach a message, even if a server echoes it back. */
function redact(e: unknown, key: string | null): unknown {
  if (key === null || !(e instanceof LiquidityError) || !e.message.includes(key)) return e
  return new LiquidityError(e.kind, redactKey(e.message, key), e.extra)
}
