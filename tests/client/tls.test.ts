// The https path real users take, against a local TLS server with a CA made in the test: a
// certificate from a trusted CA for the right host works; an untrusted, wrong-host or expired one is
// refused with a plain message, not retried, and the API key never reaches the server.
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  LiquidityClient,
  type LiquidityClientOptions,
} from '../../src/main/client/liquidity-client'
import { APP_HELP, networkError } from '../../src/main/client/errors-map'
import { isRetryable } from '../../src/main/client/retry'
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

// Node's certificate verification codes (docs: tls, "X509 certificate error codes") and TLS errors.
const TLS_CODES = [
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_CRL',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECRYPT_CRL_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'CERT_SIGNATURE_FAILURE',
  'CRL_SIGNATURE_FAILURE',
  'CERT_NOT_YET_VALID',
  'CERT_HAS_EXPIRED',
  'CRL_NOT_YET_VALID',
  'CRL_HAS_EXPIRED',
  'ERROR_IN_CERT_NOT_BEFORE_FIELD',
  'ERROR_IN_CERT_NOT_AFTER_FIELD',
  'ERROR_IN_CRL_LAST_UPDATE_FIELD',
  'ERROR_IN_CRL_NEXT_UPDATE_FIELD',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_CHAIN_TOO_LONG',
  'CERT_REVOKED',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
]

describe('one notion of a certificate or TLS failure', () => {
  it.each(TLS_CODES)(
    '%s: said to have stopped before the key was sent, and never retried',
    (code) => {
      const e = networkError(
        Object.assign(new Error(code), { code }),
        new URL('https://api.example.com'),
        APP_HELP,
      )
      expect(e.message).toMatch(/did not connect and did not send your API key/)
      expect(isRetryable(e)).toBe(false)
    },
  )

  it.each(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EAI_AGAIN'])(
    '%s is not one: retried, and not worded as a certificate problem',
    (code) => {
      const e = networkError(
        Object.assign(new Error(code), { code }),
        new URL('https://api.example.com'),
        APP_HELP,
      )
      expect(e.message).not.toMatch(/certificate|secure connection/)
      expect(isRetryable(e)).toBe(true)
    },
  )
})
