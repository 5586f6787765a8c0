// The https path real users take, against a local TLS server with a CA made in the test: a
// certificate from a trusted CA for the right host works; an untrusted, wrong-host or expired one is
// refused with a plain message, not retried, and the API key never reaches the server.
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  LiquidityClient,
  type LiquidityClientOptions,
} from '../../src/main/client/liquidity-client'
import { makeCa, startTlsServer, type TestCa, type TlsServer } from './helpers/tls'

const KEY = 'sk-tls-SECRET-0123456789'
const DAY = 86_400_000
let ca: TestCa
let otherCa: TestCa
let server: TlsServer | undefined
let client: LiquidityClient | undefined
beforeAll(async () => {
  ca = await makeCa()
  otherCa = await makeCa('Some Other CA')
})
afterEach(async () => {
  client?.close()
  await server?.close()
  server = client = undefined
})

function httpsClient(url: string, o: Partial<LiquidityClientOptions> = {}): LiquidityClient {
  client = new LiquidityClient({
    baseUrl: url,
    apiKey: () => KEY,
    sleep: async () => undefined,
    ...o,
  })
  return client
}

async function refusal(c: LiquidityClient): Promise<Error & { kind?: string }> {
  const e = (await c.getAsset('TSLA').catch((err: unknown) => err)) as Error & { kind?: string }
  expect(e).toMatchObject({ kind: 'network' })
  expect(e.message).not.toContain(KEY)
  expect(c.stats().requests).toBe(1) // a certificate will not fix itself: no retry
  expect(server!.seen).toEqual([]) // nothing reached the server, so neither did the key
  return e
}

describe('https with a throwaway CA', () => {
  it('a certificate signed by a trusted CA for 127.0.0.1 works, and carries the key', async () => {
    server = await startTlsServer(await ca.issue({ ip: '127.0.0.1' }))
    const c = httpsClient(server.url, { trustedCa: [ca.certPem] })
    await expect(c.getAsset('TSLA')).resolves.toMatchObject({ symbol: 'TSLA' })
    expect(server.seen).toEqual([
      { url: '/api/v0/liquidity/asset/TSLA', authorization: `Bearer ${KEY}` },
    ])
  })

  it.each([
    ['the system trust store', undefined],
    ['another CA', 'other'],
  ] as const)('a certificate from a CA not in %s is refused in plain words', async (_n, which) => {
    server = await startTlsServer(await ca.issue({ ip: '127.0.0.1' }))
    const c = httpsClient(server.url, which ? { trustedCa: [otherCa.certPem] } : {})
    const e = await refusal(c)
    expect(e.message).toMatch(
      /^The server at 127\.0\.0\.1:\d+ presented a certificate that this computer does not trust, so Liquidity Watch did not connect and did not send your API key\./,
    )
  })

  it('a certificate for another host name is refused in plain words', async () => {
    server = await startTlsServer(await ca.issue({ dns: 'liquidity.example' }))
    const e = await refusal(httpsClient(server.url, { trustedCa: [ca.certPem] }))
    expect(e.message).toMatch(
      /^The server at 127\.0\.0\.1:\d+ presented a certificate for a different name, so Liquidity Watch did not connect and did not send your API key\. Check the service address in Settings\.$/,
    )
  })

  it('an expired certificate is refused, hinting at this computer’s clock', async () => {
    const past = { from: new Date(Date.now() - 10 * DAY), to: new Date(Date.now() - 2 * DAY) }
    server = await startTlsServer(await ca.issue({ ip: '127.0.0.1' }, past))
    const e = await refusal(httpsClient(server.url, { trustedCa: [ca.certPem] }))
    expect(e.message).toMatch(/certificate that has expired or is not valid yet.*clock/)
  })
})
