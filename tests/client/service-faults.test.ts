// Every scripted fault of the local service → the right error kind, a plain message, and the
// right number of requests at the server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  LiquidityClient,
  type LiquidityClientOptions,
} from '../../src/main/client/liquidity-client'
import { RateGates } from '../../src/main/client/rate-gate'
import { startLocalService, type LocalService } from '../../src/dev-service/server'

let service: LocalService
beforeAll(async () => {
  service = await startLocalService({ port: 0 })
})
afterAll(async () => {
  await service.close()
})
beforeEach(() => {
  service.faults.clear()
  service.resetStats()
})

/**
 * Sleeps are recorded, not waited, on a clock that stands still; each client has its own rate gates,
 * since every test here talks to the same origin.
 */
function makeClient(opts: Partial<LiquidityClientOptions> = {}) {
  const sleeps: number[] = []
  const now = Date.now()
  const client = new LiquidityClient({
    baseUrl: service.url,
    apiKey: () => service.apiKey,
    random: () => 0.5,
    sleep: async (ms) => void sleeps.push(ms),
    now: () => now,
    rateGates: new RateGates(),
    ...opts,
  })
  return { client, sleeps }
}

async function failure(p: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  const e = await p.then(
    () => {
      throw new Error('expected a failure')
    },
    (err: unknown) => err,
  )
  expect((e as Error).message).not.toContain(service.apiKey)
  return e as Error & Record<string, unknown>
}

describe('local service: happy paths validate', () => {
  it('reads an asset and all three analytics groupings', async () => {
    const { client } = makeClient()
    expect((await client.getAsset('TSLA')).symbol).toBe('TSLA')
    expect(
      (await client.getAnalytics({ groupBy: 'total', days: 7 })).series.length,
    ).toBeGreaterThan(0)
    const stock = await client.getAnalytics({ groupBy: 'stock', days: 7, symbol: 'TSLA' })
    expect(stock.data.map((d) => d.symbol)).toEqual(['TSLA'])
    expect((await client.getAnalytics({ groupBy: 'issuer', days: 7 })).data[0]?.issuer).toBeTruthy()
    client.close()
  })
})

describe('local service: faults', () => {
  it('a wrong key → auth (401) with a plain message and no retry', async () => {
    const { client, sleeps } = makeClient({ apiKey: () => 'wrong-key-XYZ' })
    const e = await failure(client.getAsset('TSLA'))
    expect(e).toMatchObject({
      kind: 'auth',
      status: 401,
      message: expect.stringMatching(/did not accept your API key/),
    })
    expect(e.message).not.toContain('wrong-key-XYZ')
    expect(service.stats().requests).toBe(1)
    expect(sleeps).toEqual([])
  })

  it.each([
    [401, 'auth'],
    [403, 'auth'],
  ] as const)('injected %i → %s, not retried', async (status, kind) => {
    service.faults.inject({ kind: 'status', status })
    const { client } = makeClient()
    expect(await failure(client.getAsset('TSLA'))).toMatchObject({ kind, status })
    expect(service.stats().requests).toBe(1)
  })

  it('404 carries the server hint ("did you mean TSLA?") and is not retried', async () => {
    const { client } = makeClient()
    const e = await failure(client.getAsset('tsla'))
    expect(e).toMatchObject({
      kind: 'not-found',
      status: 404,
      message: expect.stringContaining('did you mean TSLA?'),
    })
    expect(service.stats().requests).toBe(1)
  })

  it('a query the service refuses → bad-request (400) with the server message, not retried', async () => {
    const { client } = makeClient()
    const e = await failure(
      client.getAnalytics({ groupBy: 'stock', symbol: 'GOLD', assetType: 'stock' }),
    )
    expect(e).toMatchObject({
      kind: 'bad-request',
      status: 400,
      message: expect.stringContaining('ask with assetType=commodity'),
    })
    expect(service.stats().requests).toBe(1)
  })

  it('an unknown issuer → not-found listing the known issuers', async () => {
    const { client } = makeClient()
    const e = await failure(client.getAnalytics({ groupBy: 'issuer', issuer: 'Nobody' }))
    expect(e).toMatchObject({ kind: 'not-found', message: expect.stringContaining('Nobody') })
  })

  it('429 with Retry-After seconds → waits that long, then succeeds', async () => {
    service.faults.inject({ kind: 'status', status: 429, retryAfter: '3', times: 1 })
    const { client, sleeps } = makeClient()
    await client.getAsset('TSLA')
    expect(sleeps).toEqual([3000 + 0.5 * 600]) // plus this waiter's jitter (a fifth of the hold)
    expect(service.stats().requests).toBe(2)
  })

  it('429 with an HTTP-date Retry-After → waits until that date', async () => {
    const now = Date.parse('2025-06-01T08:00:00Z')
    service.faults.inject({
      kind: 'status',
      status: 429,
      retryAfter: new Date(now + 9000).toUTCString(),
      times: 1,
    })
    const { client, sleeps } = makeClient({ now: () => now })
    await client.getAsset('TSLA')
    expect(sleeps).toEqual([9000 + 0.5 * 1800])
  })

  it('429 that persists → rate-limited with retryAfterMs after maxAttempts', async () => {
    service.faults.inject({ kind: 'status', status: 429, retryAfter: 1 })
    const { client } = makeClient()
    expect(await failure(client.getAsset('TSLA'))).toMatchObject({
      kind: 'rate-limited',
      status: 429,
      retryAfterMs: 1000,
    })
    expect(service.stats().requests).toBe(4)
  })

  it.each([500, 503] as const)('%i twice, then success → retried with backoff', async (status) => {
    service.faults.inject({ kind: 'status', status, times: 2 })
    const { client, sleeps } = makeClient()
    await expect(client.getAsset('TSLA')).resolves.toMatchObject({ symbol: 'TSLA' })
    expect(sleeps).toEqual([0.5 * 300, 0.5 * 600])
    expect(service.stats().requests).toBe(3)
  })

  it('503 that persists → server kind after 4 attempts', async () => {
    service.faults.inject({ kind: 'status', status: 503 })
    const { client } = makeClient()
    const e = await failure(client.getAsset('TSLA'))
    expect(e).toMatchObject({
      kind: 'server',
      status: 503,
      message: expect.stringMatching(/temporarily unavailable/),
    })
    expect(service.stats().requests).toBe(4)
  })

  it('malformed JSON → invalid-response, not retried', async () => {
    service.faults.inject({ kind: 'malformed-json' })
    const { client } = makeClient()
    expect(await failure(client.getAsset('TSLA'))).toMatchObject({
      kind: 'invalid-response',
      message: expect.stringMatching(/malformed JSON/),
    })
    expect(service.stats().requests).toBe(1)
  })

  it('an HTML page with 200 → invalid-response telling the user to check the base URL', async () => {
    service.faults.inject({ kind: 'html-200', match: 'analytics' })
    const { client } = makeClient()
    const e = await failure(client.getAnalytics({ groupBy: 'total' }))
    expect(e).toMatchObject({
      kind: 'invalid-response',
      message: 'The service answered with a web page, not data — check the base URL.',
    })
  })

  it('a reset mid-body → retried, then success', async () => {
    service.faults.inject({ kind: 'reset', times: 1 })
    const { client, sleeps } = makeClient()
    await expect(client.getAsset('TSLA')).resolves.toMatchObject({ symbol: 'TSLA' })
    expect(sleeps).toHaveLength(1)
    expect(service.stats().requests).toBe(2)
  })

  it('resets that persist → network kind', async () => {
    service.faults.inject({ kind: 'reset' })
    const { client } = makeClient()
    expect(await failure(client.getAsset('TSLA'))).toMatchObject({
      kind: 'network',
      message: expect.stringMatching(/interrupted/),
    })
    expect(service.stats().requests).toBe(4)
  })

  it.each([true, false])(
    'oversized body (declared length: %s) → invalid-response',
    async (declareLength) => {
      service.faults.inject({ kind: 'oversized', bytes: 2_000_000, declareLength })
      const { client } = makeClient({ maxBodyBytes: 256 * 1024 })
      expect(await failure(client.getAsset('TSLA'))).toMatchObject({
        kind: 'invalid-response',
        message: expect.stringMatching(/more data than expected/),
      })
      expect(service.stats().requests).toBe(1)
    },
  )

  it('a stalled body → timeout with a short timeoutMs', async () => {
    service.faults.inject({ kind: 'stall' })
    const { client } = makeClient({ timeoutMs: 300 })
    expect(await failure(client.getAsset('TSLA'))).toMatchObject({ kind: 'timeout' })
  })

  it('abort while the service is slow → cancelled, no retry', async () => {
    service.faults.inject({ kind: 'latency', ms: 5000 })
    const { client, sleeps } = makeClient()
    const ctl = new AbortController()
    const p = client.getAsset('TSLA', { signal: ctl.signal })
    setTimeout(() => ctl.abort(), 50)
    expect(await failure(p)).toMatchObject({ kind: 'cancelled' })
    expect(sleeps).toEqual([])
    expect(client.stats().requests).toBe(1)
  })
})
