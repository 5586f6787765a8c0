// Redirects: at most 3, same origin only, and the key never travels to another origin.
import type { ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { LiquidityClient } from '../../src/main/client/liquidity-client'
import { assetDetailBody } from './helpers/fixtures'
import { sendJson, startTestServer, type TestServer } from './helpers/test-server'

const KEY = 'sk-redirect-KEY'
const servers: TestServer[] = []
let client: LiquidityClient | undefined
afterEach(async () => {
  client?.close()
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function server(handler: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const s = await startTestServer(handler)
  servers.push(s)
  return s
}

function redirect(res: ServerResponse, status: number, location: string): void {
  res.writeHead(status, { location, 'content-length': 0 })
  res.end()
}

/** Redirects `hops` times (/hop/1 → /hop/2 …) then answers with the asset. */
async function chain(hops: number, status = 302): Promise<TestServer> {
  return server((req, res) => {
    const n = Number(/\/hop\/(\d+)/.exec(req.url ?? '')?.[1] ?? 0)
    if (n < hops) redirect(res, status, `/hop/${n + 1}`)
    else sendJson(res, 200, assetDetailBody())
  })
}

describe('redirects', () => {
  it.each([301, 302, 303, 307, 308])(
    'follows a same-origin %i redirect and keeps the key',
    async (status) => {
      const s = await chain(1, status)
      client = new LiquidityClient({ baseUrl: s.url, apiKey: () => KEY })
      await expect(client.getAsset('TSLA')).resolves.toMatchObject({ symbol: 'TSLA' })
      expect(s.seen.map((r) => r.url)).toEqual(['/api/v0/liquidity/asset/TSLA', '/hop/1'])
      expect(s.seen[1]?.authorization).toBe(`Bearer ${KEY}`)
    },
  )

  it('follows a chain of 3 redirects', async () => {
    const s = await chain(3)
    client = new LiquidityClient({ baseUrl: s.url, apiKey: () => KEY })
    await expect(client.getAsset('TSLA')).resolves.toMatchObject({ symbol: 'TSLA' })
    expect(s.seen).toHaveLength(4)
  })

  it('gives up on the 4th redirect with invalid-response, without retrying', async () => {
    const s = await chain(4)
    client = new LiquidityClient({ baseUrl: s.url, apiKey: () => KEY })
    const err = await client.getAsset('TSLA').catch((e: unknown) => e)
    expect(err).toMatchObject({
      kind: 'invalid-response',
      message: expect.stringMatching(/redirected too many times/),
    })
    expect(s.seen).toHaveLength(4)
  })

  it('refuses a cross-origin redirect: the other server never sees a request or the key', async () => {
    const other = await server((_req, res) => sendJson(res, 200, assetDetailBody()))
    const s = await server((_req, res) =>
      redirect(res, 302, `${other.url}/api/v0/liquidity/asset/TSLA`),
    )
    client = new LiquidityClient({ baseUrl: s.url, apiKey: () => KEY })
    const err = await client.getAsset('TSLA').catch((e: unknown) => e)
    expect(err).toMatchObject({
      kind: 'invalid-response',
      message: expect.stringMatching(/different server/),
    })
    expect((err as Error).message).not.toContain(KEY)
    expect(other.seen).toHaveLength(0)
    expect(other.connections).toBe(0)
    expect(s.seen).toHaveLength(1)
  })

  it('treats a different port on the same host as another origin', async () => {
    const other = await server((_req, res) => sendJson(res, 200, assetDetailBody()))
    const s = await server((_req, res) =>
      redirect(res, 307, other.url.replace('127.0.0.1', 'localhost')),
    )
    client = new LiquidityClient({ baseUrl: s.url, apiKey: () => KEY })
    await expect(client.getAsset('TSLA')).rejects.toMatchObject({ kind: 'invalid-response' })
    expect(other.seen).toHaveLength(0)
  })

  it('refuses a redirect to plain http on a non-loopback host with a "use https" message', async () => {
    const s = await server((_req, res) => redirect(res, 302, 'http://example.com/api'))
    client = new LiquidityClient({ baseUrl: s.url, apiKey: () => KEY })
    const err = await client.getAsset('TSLA').catch((e: unknown) => e)
    expect(err).toMatchObject({
      kind: 'bad-request',
      message: expect.stringContaining('use https'),
    })
  })

  it('a redirect without Location is an invalid response', async () => {
    const s = await server((_req, res) => {
      res.writeHead(302, { 'content-length': 0 })
      res.end()
    })
    client = new LiquidityClient({ baseUrl: s.url, apiKey: () => KEY })
    await expect(client.getAsset('TSLA')).rejects.toMatchObject({ kind: 'invalid-response' })
  })
})
