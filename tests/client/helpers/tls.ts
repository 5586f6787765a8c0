// A throwaway certificate authority made in the test (ECDSA P-256 via @peculiar/x509 on Node's
// WebCrypto) and an https server on 127.0.0.1 that records every request it receives.
// @peculiar/x509 resolves its parts through tsyringe, which needs the Reflect metadata polyfill first.
import 'reflect-metadata'
import { webcrypto } from 'node:crypto'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import * as x509 from '@peculiar/x509'
import { assetDetailBody } from './fixtures'
import type { SeenRequest } from './test-server'

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' }
const DAY = 86_400_000
type CryptoKey = webcrypto.CryptoKey
type CryptoKeyPair = webcrypto.CryptoKeyPair
const crypto = webcrypto as unknown as Parameters<typeof x509.X509CertificateGenerator.create>[1]

export interface Pem {
  cert: string
  key: string
}

async function keyPair(): Promise<CryptoKeyPair> {
  return webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])
}

async function keyPem(key: CryptoKey): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key))
  const lines = der
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n')
  return `-----BEGIN PRIVATE KEY-----\n${lines}\n-----END PRIVATE KEY-----\n`
}

export interface TestCa {
  certPem: string
  /** A server certificate signed by this CA for the given names (IP or DNS). */
  issue(names: { ip?: string; dns?: string }, validity?: { from: Date; to: Date }): Promise<Pem>
}

export async function makeCa(name = 'Liquidity Watch Test CA'): Promise<TestCa> {
  const keys = await keyPair()
  const ca = await x509.X509CertificateGenerator.createSelfSigned(
    {
      name: `CN=${name}`,
      keys,
      signingAlgorithm: ALG,
      notBefore: new Date(Date.now() - DAY),
      notAfter: new Date(Date.now() + DAY),
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true),
      ],
    },
    crypto,
  )
  return {
    certPem: ca.toString('pem'),
    issue: async (names, validity) => {
      const leafKeys = await keyPair()
      const san: x509.JsonGeneralName[] = []
      if (names.ip) san.push({ type: 'ip', value: names.ip })
      if (names.dns) san.push({ type: 'dns', value: names.dns })
      const leaf = await x509.X509CertificateGenerator.create(
        {
          subject: `CN=${names.dns ?? names.ip ?? 'server'}`,
          issuer: ca.subject,
          publicKey: leafKeys.publicKey,
          signingKey: keys.privateKey,
          signingAlgorithm: ALG,
          notBefore: validity?.from ?? new Date(Date.now() - DAY),
          notAfter: validity?.to ?? new Date(Date.now() + DAY),
          extensions: [
            new x509.SubjectAlternativeNameExtension(san),
            new x509.BasicConstraintsExtension(false),
            new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
          ],
        },
        crypto,
      )
      return { cert: leaf.toString('pem'), key: await keyPem(leafKeys.privateKey) }
    },
  }
}

export interface TlsServer {
  url: string
  seen: SeenRequest[]
  close(): Promise<void>
}

/** https on 127.0.0.1 with the given certificate; answers every asset request with a valid body. */
export async function startTlsServer(pem: Pem): Promise<TlsServer> {
  const seen: SeenRequest[] = []
  const server = https.createServer({ cert: pem.cert, key: pem.key }, (req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization })
    const symbol = decodeURIComponent((req.url ?? '').split('/').pop() ?? '')
    const body = JSON.stringify(assetDetailBody(symbol))
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(body)
  })
  server.on('tlsClientError', () => undefined) // a refused handshake is the expected outcome here
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const { port } = server.address() as AddressInfo
  return {
    url: `https://127.0.0.1:${port}`,
    seen,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
    },
  }
}
