// Resource limits: shared concurrency cap, socket reuse, body size cap, one timeout, cancellation.
import type { ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { LiquidityClient } from '../../src/main/client/liquidity-client'
import { assetDetailBody, totalAnalyticsBody } from './helpers/fixtures'
import { sendJson, startTestServer, type TestServer } from './helpers/test-server'
import { until } from './helpers/wait'

const KEY = 'sk-limits-KEY'
let server: TestServer | undefined
let client: LiquidityClient | undefined
afterEach(async () => {
  client?.close()
  await server?.close()
  server = client = undefined
})

/** Holds every response until `release()`, so the test sees how many are in flight at once. */
async function gatedServer() {
  const waiting: Array<{ res: ServerResponse; body: unknown }> = []
  let open = false
  const s = await startTestServer((req, res) => {
    const body = req.url?.includes('analytics') ? totalAnalyticsBody() : assetDetailBody()
    if (open) sendJson(res, 200, body)
    else waiting.push({ res, body })
  })
  const release = () => {
    open = true
    for (const w of waiting.splice(0)) sendJson(w.res, 200, w.body)
  }
  return { s, waiting, release }
}

const tick = () => new Promise((r) => setTimeout(r, 20))

describe('concurrency and sockets', () => {
  it('never has more requests in flight than the limit, across getAsset and getAnalytics', async () => {
    const { s, waiting, release } = await gatedServer()
    server = s
    client = new LiquidityClient({ baseUrl: s.url, apiKey: () => KEY, concurrency: 3 })
    const c = client
    const calls = [
      ...Array.from({ length: 6 }, () => c.getAsset('TSLA')),
      ...Array.from({ length: 4 }, () => c.getAnalytics({ groupBy: 'total' })),
    ]
    await until(() => waiting.length === 3)
    await tick()
    expect(waiting).toHaveLength(3)
    release()
    await Promise.all(calls)
    expect(s.seen).toHaveLength(10)
    expect(s.maxInFlight).toBe(3)
  })

  it('reuses keep-alive sockets: a second batch opens no new sockets', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, assetDetailBody()))
    client = new LiquidityClient({ baseUrl: server.url, apiKey: () => KEY, concurrency: 4 })
    const c = client
    await Promise.all(Array.from({ length: 8 }, () => c.getAsset('TSLA')))
    const warm = c.stats().socketsOpened
    expect(warm).toBeGreaterThanOrEqual(1)
    expect(warm).toBeLessThanOrEqual(4)
    for (let i = 0; i < 3; i++)
      await Promise.all(Array.from({ length: 4 }, () => c.getAsset('TSLA')))
    expect(c.stats()).toMatchObject({ requests: 20, socketsOpened: warm, retries: 0 })
    expect(server.connections).toBe(warm)
  })
})

describe('body size cap', () => {
  it('refuses a declared Content-Length over the cap before reading it', async () => {
    server = await startTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 5_000_000 })
      res.write('{"x":"')
    })
    client = new LiquidityClient({ baseUrl: server.url, apiKey: () => KEY, maxBodyBytes: 1024 })
    const err = await client.getAsset('TSLA').catch((e: unknown) => e)
    expect(err).toMatchObject({
      kind: 'invalid-response',
      message: expect.stringMatching(/more data than expected/),
    })
    expect(server.seen).toHaveLength(1)
  })

  it('counts streamed bytes when there is no Content-Length (chunked)', async () => {
    server = await startTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"pad":"')
      for (let i = 0; i < 64; i++) res.write('x'.repeat(1024))
      res.end('"}')
    })
    client = new LiquidityClient({
      baseUrl: server.url,
      apiKey: () => KEY,
      maxBodyBytes: 16 * 1024,
    })
    await expect(client.getAsset('TSLA')).rejects.toMatchObject({ kind: 'invalid-response' })
  })

  it('accepts a body just under the cap', async () => {
    const text = JSON.stringify(assetDetailBody())
    server = await startTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(text)
    })
    client = new LiquidityClient({
      baseUrl: server.url,
      apiKey: () => KEY,
      maxBodyBytes: Buffer.byteLength(text),
    })
    await expect(client.getAsset('TSLA')).resolves.toMatchObject({ symbol: 'TSLA' })
  })
})

describe('one timeout for connect, headers and body', () => {
  it('a body that stalls after the headers times out (and is not retried)', async () => {
    server = await startTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 })
      res.write('{"symbol":')
    })
    client = new LiquidityClient({ baseUrl: server.url, apiKey: () => KEY, timeoutMs: 200 })
    const err = await client.getAsset('TSLA').catch((e: unknown) => e)
    expect(err).toMatchObject({
      kind: 'timeout',
      message: expect.stringMatching(/did not answer within 200 ms/),
    })
    expect(server.seen).toHaveLength(1)
  })

  it('headers that never come time out', async () => {
    server = await startTestServer(() => undefined)
    client = new LiquidityClient({ baseUrl: server.url, apiKey: () => KEY, timeoutMs: 150 })
    await expect(client.getAsset('TSLA')).rejects.toMatchObject({ kind: 'timeout' })
  })

  it('a body trickling in slower than the timeout still times out (the timer is not per chunk)', async () => {
    server = await startTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      const t = setInterval(() => res.write(' '), 30)
      res.on('close', () => clearInterval(t))
    })
    client = new LiquidityClient({ baseUrl: server.url, apiKey: () => KEY, timeoutMs: 250 })
    await expect(client.getAsset('TSLA')).rejects.toMatchObject({ kind: 'timeout' })
  })
})

describe('cancellation', () => {
  it('aborting during the request → cancelled, not retried', async () => {
    server = await startTestServer(() => undefined)
    client = new LiquidityClient({ baseUrl: server.url, apiKey: () => KEY })
    const ctl = new AbortController()
    const p = client.getAsset('TSLA', { signal: ctl.signal })
    await until(() => server!.seen.length === 1)
    ctl.abort()
    await expect(p).rejects.toMatchObject({ kind: 'cancelled' })
    expect(client.stats()).toMatchObject({ requests: 1, retries: 0 })
  })

  it('an already-aborted signal sends nothing', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, assetDetailBody()))
    client = new LiquidityClient({ baseUrl: server.url, apiKey: () => KEY })
    await expect(client.getAsset('TSLA', { signal: AbortSignal.abort() })).rejects.toMatchObject({
      kind: 'cancelled',
    })
    expect(server.seen).toHaveLength(0)
  })

  it('aborting while waiting for a concurrency slot → cancelled, and the slot holder is unaffected', async () => {
    const { s, waiting, release } = await gatedServer()
    server = s
    client = new LiquidityClient({ baseUrl: s.url, apiKey: () => KEY, concurrency: 1 })
    const first = client.getAsset('TSLA')
    const ctl = new AbortController()
    const queued = client.getAsset('TSLA', { signal: ctl.signal })
    await until(() => waiting.length === 1)
    ctl.abort()
    await expect(queued).rejects.toMatchObject({ kind: 'cancelled' })
    release()
    await expect(first).resolves.toMatchObject({ symbol: 'TSLA' })
    expect(s.seen).toHaveLength(1)
  })

  it('aborting during the backoff wait (real sleep) → cancelled, no further attempt', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 503, { error: 'down' }))
    client = new LiquidityClient({
      baseUrl: server.url,
      apiKey: () => KEY,
      retry: { baseMs: 60_000, capMs: 60_000 },
      random: () => 1,
    })
    const ctl = new AbortController()
    const p = client.getAsset('TSLA', { signal: ctl.signal })
    await until(() => client!.stats().retries === 1)
    ctl.abort()
    await expect(p).rejects.toMatchObject({ kind: 'cancelled' })
    expect(server.seen).toHaveLength(1)
  })

  it('close() cancels work in flight and later calls', async () => {
    server = await startTestServer(() => undefined)
    client = new LiquidityClient({ baseUrl: server.url, apiKey: () => KEY })
    const p = client.getAsset('TSLA')
    await until(() => server!.seen.length === 1)
    client.close()
    await expect(p).rejects.toMatchObject({ kind: 'cancelled' })
    await expect(client.getAsset('TSLA')).rejects.toMatchObject({ kind: 'cancelled' })
  })
})
