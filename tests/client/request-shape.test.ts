// What the client puts on the wire: bearer key, encoded paths, query, base URL prefixes.
import { afterEach, describe, expect, it } from 'vitest'
import { LiquidityError } from '../../src/shared/errors'
import { LiquidityClient } from '../../src/main/client/liquidity-client'
import { assetDetailBody, totalAnalyticsBody } from './helpers/fixtures'
import { sendJson, startTestServer, type TestServer } from './helpers/test-server'

const KEY = 'sk-test-SECRET-123'
let server: TestServer | undefined
let client: LiquidityClient | undefined
afterEach(async () => {
  client?.close()
  await server?.close()
  server = client = undefined
})

async function serveAsset(): Promise<TestServer> {
  // Answers for what was asked (the client checks the symbol and days against the request).
  server = await startTestServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://test.local')
    if (url.pathname.endsWith('/analytics')) {
      sendJson(res, 200, totalAnalyticsBody(Number(url.searchParams.get('days') ?? 2)))
    } else {
      sendJson(res, 200, assetDetailBody(decodeURIComponent(url.pathname.split('/').pop()!)))
    }
  })
  return server
}

describe('request shape', () => {
  it('sends Authorization: Bearer <key> and returns the validated asset', async () => {
    const s = await serveAsset()
    client = new LiquidityClient({ baseUrl: s.url, apiKey: () => KEY })
    const detail = await client.getAsset('TSLA')
    expect(detail.symbol).toBe('TSLA')
    expect(detail.issuers[0]?.networks[0]?.pools[0]).toEqual({ id: 'p1' })
    expect(s.seen).toEqual([
      { url: '/api/v0/liquidity/asset/TSLA', authorization: `Bearer ${KEY}` },
    ])
  })

  it('reads the key on every call, so a changed key applies to the next request', async () => {
    const s = await serveAsset()
    let key = 'first'
    client = new LiquidityClient({ baseUrl: s.url, apiKey: () => key })
    await client.getAsset('TSLA')
    key = 'second'
    await client.getAsset('TSLA')
    expect(s.seen.map((r) => r.authorization)).toEqual(['Bearer first', 'Bearer second'])
  })

  it.each([null, ''])(
    'a missing key (%j) fails as auth without sending anything',
    async (missing) => {
      const s = await serveAsset()
      client = new LiquidityClient({ baseUrl: s.url, apiKey: () => missing })
      const err = await client.getAsset('TSLA').catch((e: unknown) => e)
      expect(err).toBeInstanceOf(LiquidityError)
      expect(err).toMatchObject({ kind: 'auth', message: expect.stringMatching(/no api key/i) })
      expect(s.seen).toHaveLength(0)
      expect(client.stats().requests).toBe(0)
    },
  )

  it('URL-encodes the symbol path parameter', async () => {
    const s = await serveAsset()
    client = new LiquidityClient({ baseUrl: s.url, apiKey: () => KEY })
    await client.getAsset('BRK/B ü?#')
    expect(s.seen[0]?.url).toBe('/api/v0/liquidity/asset/BRK%2FB%20%C3%BC%3F%23')
  })

  it('builds the analytics query with only the given parameters', async () => {
    const s = await serveAsset()
    client = new LiquidityClient({ baseUrl: s.url, apiKey: () => KEY })
    const r = await client.getAnalytics({
      groupBy: 'total',
      days: 30,
      assetType: 'commodity',
      issuer: 'A&B Co',
    })
    expect(r.series[0]?.poolCount).toBe(3)
    const url = new URL(s.seen[0]!.url, s.url)
    expect(url.pathname).toBe('/api/v0/liquidity/analytics')
    expect([...url.searchParams]).toEqual([
      ['groupBy', 'total'],
      ['days', '30'],
      ['assetType', 'commodity'],
      ['issuer', 'A&B Co'],
    ])
  })

  it.each(['/svc', '/svc/', '/svc//'])('keeps a base path prefix (%s)', async (prefix) => {
    const s = await serveAsset()
    client = new LiquidityClient({ baseUrl: `${s.url}${prefix}`, apiKey: () => KEY })
    await client.getAsset('TSLA')
    expect(s.seen[0]?.url).toBe('/svc/api/v0/liquidity/asset/TSLA')
  })

  it('accepts a base URL with a trailing slash and no prefix', async () => {
    const s = await serveAsset()
    client = new LiquidityClient({ baseUrl: `${s.url}/`, apiKey: () => KEY })
    await client.getAsset('TSLA')
    expect(s.seen[0]?.url).toBe('/api/v0/liquidity/asset/TSLA')
  })

  it('rejects invalid days locally, without a request', async () => {
    const s = await serveAsset()
    client = new LiquidityClient({ baseUrl: s.url, apiKey: () => KEY })
    await expect(client.getAnalytics({ groupBy: 'total', days: 0 })).rejects.toMatchObject({
      kind: 'bad-request',
    })
    await expect(client.getAnalytics({ groupBy: 'total', days: 1.5 })).rejects.toMatchObject({
      kind: 'bad-request',
    })
    expect(s.seen).toHaveLength(0)
  })

  it('validates responses with the shared schemas (schema failure → invalid-response)', async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 200, { ...assetDetailBody(), totalTvl: -5 }),
    )
    client = new LiquidityClient({ baseUrl: server.url, apiKey: () => KEY })
    const err = await client.getAsset('TSLA').catch((e: unknown) => e)
    expect(err).toMatchObject({
      kind: 'invalid-response',
      message: expect.stringContaining('totalTvl'),
    })
    expect(server.seen).toHaveLength(1)
  })
})

describe('content type', () => {
  async function answer(contentType: string, body: string): Promise<unknown> {
    server = await startTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': contentType })
      res.end(body)
    })
    client = new LiquidityClient({ baseUrl: server.url, apiKey: () => KEY })
    return client.getAsset('TSLA').catch((e: unknown) => e)
  }

  it('accepts a +json media type with parameters', async () => {
    const r = await answer(
      'application/vnd.liquidity+json; charset=utf-8',
      JSON.stringify(assetDetailBody()),
    )
    expect(r).toMatchObject({ symbol: 'TSLA' })
  })

  it('refuses valid JSON sent as text/plain', async () => {
    const r = await answer('text/plain', JSON.stringify(assetDetailBody()))
    expect(r).toMatchObject({
      kind: 'invalid-response',
      message: expect.stringContaining('text/plain, not JSON'),
    })
  })

  it('recognises an HTML page even when it is mislabelled', async () => {
    const r = await answer(
      'application/octet-stream',
      '<!DOCTYPE html><html><body>Login</body></html>',
    )
    expect(r).toMatchObject({
      kind: 'invalid-response',
      message: expect.stringContaining('web page'),
    })
  })
})

describe('the key stays secret', () => {
  it('is scrubbed from messages even when the server echoes it back', async () => {
    server = await startTestServer((req, res) =>
      sendJson(res, 400, { error: { message: `bad header ${req.headers.authorization ?? ''}` } }),
    )
    client = new LiquidityClient({ baseUrl: server.url, apiKey: () => KEY })
    const err = (await client.getAsset('TSLA').catch((e: unknown) => e)) as LiquidityError
    expect(err.kind).toBe('bad-request')
    expect(err.message).toContain('bad header Bearer [API key]')
    expect(err.message).not.toContain(KEY)
    expect(JSON.stringify(err.toJSON())).not.toContain(KEY)
  })
})

describe('plain http is only for this machine', () => {
  it.each(['http://example.com', 'http://10.0.0.5:8080/api', 'http://128.0.0.1', 'http://[::2]'])(
    'refuses %s at construction with a "use https" message',
    (baseUrl) => {
      let err: unknown
      try {
        new LiquidityClient({ baseUrl, apiKey: () => KEY })
      } catch (e) {
        err = e
      }
      expect(err).toMatchObject({
        kind: 'bad-request',
        message: expect.stringContaining('use https'),
      })
    },
  )

  it.each([
    'http://127.0.0.1:1',
    'http://127.9.8.7',
    'http://localhost:5',
    'http://[::1]:9',
    'https://example.com/p/',
  ])('accepts %s', (baseUrl) => {
    const c = new LiquidityClient({ baseUrl, apiKey: () => KEY })
    c.close()
  })

  it('refuses a base URL that is not a URL or not http(s)', () => {
    expect(() => new LiquidityClient({ baseUrl: 'not a url', apiKey: () => KEY })).toThrow(
      LiquidityError,
    )
    expect(() => new LiquidityClient({ baseUrl: 'ftp://127.0.0.1', apiKey: () => KEY })).toThrow(
      /https/,
    )
  })
})
