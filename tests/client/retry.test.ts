// Which failures are retried, how long the client waits between attempts, and Retry-After.
import { afterEach, describe, expect, it } from 'vitest'
import {
  LiquidityClient,
  type LiquidityClientOptions,
} from '../../src/main/client/liquidity-client'
import { RateGates } from '../../src/main/client/rate-gate'
import { abortableSleep } from '../../src/main/client/retry'
import { parseRetryAfter } from '../../src/main/client/retry-after'
import { assetDetailBody } from './helpers/fixtures'
import { sendJson, startTestServer, type TestServer } from './helpers/test-server'

const KEY = 'sk-retry-KEY'
let server: TestServer | undefined
let client: LiquidityClient | undefined
afterEach(async () => {
  client?.close()
  await server?.close()
  server = client = undefined
})

/** Answers `statuses[i]` to the i-th request (with optional headers), then the asset. */
async function scripted(
  statuses: Array<number | [number, Record<string, string>]>,
): Promise<TestServer> {
  server = await startTestServer((_req, res, i) => {
    const step = statuses[i]
    if (step === undefined) return sendJson(res, 200, assetDetailBody())
    const [status, headers] = Array.isArray(step) ? step : [step, {}]
    sendJson(res, status, { error: `scripted ${status}` }, headers)
  })
  return server
}

/** Sleeps are recorded, not waited, on a clock that stands still. */
function recordingClient(s: TestServer, opts: Partial<LiquidityClientOptions> = {}) {
  const sleeps: number[] = []
  const now = Date.now()
  client = new LiquidityClient({
    baseUrl: s.url,
    apiKey: () => KEY,
    random: () => 0.5,
    sleep: async (ms) => void sleeps.push(ms),
    now: () => now,
    rateGates: new RateGates(),
    ...opts,
  })
  return { client, sleeps }
}

describe('retries', () => {
  it.each([500, 502, 503, 504, 408])('retries %i and then succeeds', async (status) => {
    const s = await scripted([status, status])
    const { client, sleeps } = recordingClient(s)
    await expect(client.getAsset('TSLA')).resolves.toMatchObject({ symbol: 'TSLA' })
    expect(s.seen).toHaveLength(3)
    expect(sleeps).toHaveLength(2)
    expect(client.stats().retries).toBe(2)
  })

  it('stops after maxAttempts and reports the last failure', async () => {
    const s = await scripted([500, 500, 500, 500, 500, 500])
    const { client, sleeps } = recordingClient(s)
    const err = await client.getAsset('TSLA').catch((e: unknown) => e)
    expect(err).toMatchObject({ kind: 'server', status: 500 })
    expect(s.seen).toHaveLength(4)
    expect(sleeps).toHaveLength(3)
  })

  it.each([
    [400, 'bad-request'],
    [401, 'auth'],
    [403, 'auth'],
    [404, 'not-found'],
    [422, 'bad-request'],
  ])('never retries %i (kind %s)', async (status, kind) => {
    const s = await scripted([status, status])
    const { client, sleeps } = recordingClient(s)
    const err = await client.getAsset('TSLA').catch((e: unknown) => e)
    expect(err).toMatchObject({
      kind,
      status,
      message: expect.stringContaining(`scripted ${status}`),
    })
    expect(s.seen).toHaveLength(1)
    expect(sleeps).toEqual([])
  })

  it('backs off exponentially with full jitter, capped: delay = random · min(cap, base · 2^n)', async () => {
    const s = await scripted([500, 500, 500, 500, 500])
    const randoms = [0.9, 0.25, 0.999, 0.5, 0.1]
    let r = 0
    const { client, sleeps } = recordingClient(s, {
      random: () => randoms[r++]!,
      retry: { maxAttempts: 6, baseMs: 300, capMs: 1000 },
    })
    await client.getAsset('TSLA')
    expect(sleeps).toEqual([0.9 * 300, 0.25 * 600, 0.999 * 1000, 0.5 * 1000, 0.1 * 1000])
  })

  // A wait the service asked for is served at the rate gate: the Retry-After plus this waiter's
  // jitter (random 0.5 × a fifth of the hold here), so parallel waiters do not fire at one instant.
  it('honours Retry-After in delta-seconds', async () => {
    const s = await scripted([[429, { 'retry-after': '7' }]])
    const { client, sleeps } = recordingClient(s)
    await client.getAsset('TSLA')
    expect(sleeps).toEqual([7000 + 0.5 * 1400])
    expect(s.seen).toHaveLength(2)
  })

  it('honours Retry-After as an HTTP-date (also on 503)', async () => {
    const now = Date.parse('2025-03-01T12:00:00Z')
    const s = await scripted([[503, { 'retry-after': 'Sat, 01 Mar 2025 12:00:42 GMT' }]])
    const { client, sleeps } = recordingClient(s, { now: () => now })
    await client.getAsset('TSLA')
    expect(sleeps).toEqual([42_000 + 0.5 * 8400])
  })

  it('gives up as rate-limited carrying retryAfterMs when Retry-After exceeds the cap', async () => {
    const s = await scripted([[429, { 'retry-after': '600' }]])
    const { client, sleeps } = recordingClient(s, { retry: { retryAfterCapMs: 120_000 } })
    const err = await client.getAsset('TSLA').catch((e: unknown) => e)
    expect(err).toMatchObject({ kind: 'rate-limited', status: 429, retryAfterMs: 600_000 })
    expect((err as Error).message).toMatch(/slow down \(429\); it is rate-limited until \d\d:\d\d/)
    expect(sleeps).toEqual([])
    expect(s.seen).toHaveLength(1)
  })

  it('retries a connection reset, then succeeds', async () => {
    server = await startTestServer((req, res, i) => {
      if (i === 0) req.socket.destroy()
      else sendJson(res, 200, assetDetailBody())
    })
    const { client, sleeps } = recordingClient(server)
    await expect(client.getAsset('TSLA')).resolves.toMatchObject({ symbol: 'TSLA' })
    expect(server.seen).toHaveLength(2)
    expect(sleeps).toHaveLength(1)
  })

  it('retries a refused connection and ends as network with a plain message', async () => {
    const s = await startTestServer(() => undefined)
    const url = s.url
    await s.close()
    const sleeps: number[] = []
    client = new LiquidityClient({
      baseUrl: url,
      apiKey: () => KEY,
      sleep: async (ms) => void sleeps.push(ms),
    })
    const err = await client.getAsset('TSLA').catch((e: unknown) => e)
    expect(err).toMatchObject({
      kind: 'network',
      message: expect.stringMatching(/could not connect/i),
    })
    expect(client.stats().requests).toBe(4)
    expect(sleeps).toHaveLength(3)
  })
})

describe('sleep and Retry-After parsing', () => {
  it('the default sleep stops as soon as the signal aborts', async () => {
    const ctl = new AbortController()
    const p = abortableSleep(10 * 60_000, ctl.signal)
    ctl.abort()
    await expect(p).rejects.toMatchObject({ kind: 'cancelled' })
  })

  it('parses both forms and ignores junk', () => {
    const now = Date.parse('2025-03-01T12:00:00Z')
    expect(parseRetryAfter('120', now)).toBe(120_000)
    expect(parseRetryAfter(' 0 ', now)).toBe(0)
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:01:00 GMT', now)).toBe(60_000)
    expect(parseRetryAfter('Sat, 01 Mar 2025 11:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('-5', now)).toBeUndefined()
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
  })
})
