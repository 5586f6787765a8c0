// Which service the engine talks to: the embedded demo service (baseUrl null) or a live one.
// The API key stays behind the apiKey() provider; a connection never stores or returns it.
import { LiquidityError } from '../../shared/errors'
import { LiquidityClient, type LiquidityClientOptions } from '../client/liquidity-client'
import type { RateGates } from '../client/rate-gate'
import type { Sleep } from '../client/sleep'
import type { Clock } from '../engine/poll/scheduler'
import {
  QUIET_WHEN_IDLE,
  startDemoService,
  type DemoService,
  type DemoServiceOptions,
} from '../service/server'
import { DemoStories } from '../service/demo-stories'

export interface EmbeddedServiceOptions {
  /** Replaces startDemoService (tests start the development one, to add scenarios and faults). */
  start?: (opts: DemoServiceOptions) => Promise<DemoService>
  latencyMs?: number
}

export type ClientTuning = Partial<
  Pick<LiquidityClientOptions, 'timeoutMs' | 'retry' | 'concurrency' | 'random' | 'help'>
>

export interface Connection {
  mode: 'demo' | 'live'
  baseUrl: string
  client: LiquidityClient
  /** The embedded service's demo stories (demo mode only): one set per service started. */
  stories?: DemoStories
  close(): Promise<void>
}

export interface ConnectOptions {
  baseUrl: string | null
  apiKey: () => string | null
  clock: Clock
  /** The core's one registry of per-origin holds (shared with Test connection). */
  rateGates: RateGates
  embedded?: EmbeddedServiceOptions
  client?: ClientTuning
  userAgent?: string
}

/** Retry back-off and Retry-After waits on the injected clock, so tests control them too. */
export function clockSleep(clock: Clock): Sleep {
  return (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      const cancelled = (): LiquidityError =>
        new LiquidityError('cancelled', 'The request was cancelled.')
      if (signal.aborted) {
        reject(cancelled())
        return
      }
      const onAbort = (): void => {
        clock.clearTimeout(handle)
        reject(cancelled())
      }
      const handle = clock.setTimeout(() => {
        signal.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      signal.addEventListener('abort', onAbort, { once: true })
    })
}

export async function openConnection(o: ConnectOptions): Promise<Connection> {
  const base = {
    ...o.client,
    sleep: clockSleep(o.clock),
    now: () => o.clock.now(),
    userAgent: o.userAgent,
    rateGates: o.rateGates,
  }
  if (o.baseUrl !== null) {
    const client = new LiquidityClient({ ...base, baseUrl: o.baseUrl, apiKey: o.apiKey })
    return {
      mode: 'live',
      baseUrl: o.baseUrl,
      client,
      close: () => Promise.resolve(client.close()),
    }
  }
  // Demo mode: loopback only, a random port, the service's own public demo key (no keychain).
  const start = o.embedded?.start ?? startDemoService
  const stories = new DemoStories(() => o.clock.now())
  const service = await start({
    host: '127.0.0.1',
    port: 0,
    now: () => new Date(o.clock.now()),
    latencyMs: o.embedded?.latencyMs,
    ...QUIET_WHEN_IDLE,
    overlay: stories,
  })
  const client = new LiquidityClient({
    ...base,
    baseUrl: service.url,
    apiKey: () => service.apiKey,
  })
  return {
    mode: 'demo',
    baseUrl: service.url,
    client,
    stories,
    close: async () => {
      client.close()
      await service.close()
    },
  }
}
