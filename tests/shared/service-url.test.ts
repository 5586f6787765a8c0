// The one Service URL rule: what may carry the API key, the normalised form, and plain reasons.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkServiceUrl, isLoopbackHostname, sameServiceUrl } from '../../src/shared/service-url'

const ok = (input: string): string => {
  const r = checkServiceUrl(input)
  if (!r.ok) throw new Error(`refused ${input}: ${r.reason}`)
  return r.url
}
const reason = (input: string): string => {
  const r = checkServiceUrl(input)
  if (r.ok) throw new Error(`accepted ${input} as ${r.url}`)
  return r.reason
}

describe('checkServiceUrl', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['  https://API.Example.com/  ', 'https://api.example.com'],
    ['https://api.example.com:443/v1//', 'https://api.example.com/v1'],
    ['https://api.example.com:8443/liquidity', 'https://api.example.com:8443/liquidity'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://127.9.8.7/', 'http://127.9.8.7'],
    ['http://127.1:9', 'http://127.0.0.1:9'],
    ['http://localhost:5173/api', 'http://localhost:5173/api'],
    ['HTTP://LOCALHOST', 'http://localhost'],
    ['http://[::1]:9/', 'http://[::1]:9'],
  ])('accepts %s as %s', (input, normalised) => {
    expect(ok(input)).toBe(normalised)
  })

  it.each([
    ['ftp://files.example.com', /must start with https:\/\/ \(it starts with "ftp:"\)/],
    ['javascript:alert(1)', /must start with https:\/\//],
    ['file:///etc/passwd', /must start with https:\/\//],
    ['http://api.example.com', /plain http:\/\/ to api\.example\.com.*use https:\/\//],
    ['http://10.0.0.5:8080', /plain http:\/\/ to 10\.0\.0\.5/],
    ['http://128.0.0.1', /plain http:\/\//],
    ['http://[::2]', /plain http:\/\//],
    ['http://[::ffff:127.0.0.1]', /plain http:\/\//],
    ['http://localhost.evil.example', /plain http:\/\//],
    ['http://127.0.0.1.evil.example', /plain http:\/\//],
    ['http://foo.localhost', /plain http:\/\//],
    ['https://user:pass@api.example.com', /user name or password/],
    ['https://user@api.example.com', /user name or password/],
    ['https://api.example.com/?key=abc', /must not contain a query/],
    ['https://api.example.com/?', /must not contain a query/],
    ['https://api.example.com/#top', /must not contain a fragment/],
    ['https://api.example.com/#', /must not contain a fragment/],
    ['api.example.com', /is not a web address.*https:\/\/api\.example\.com/],
    ['not a url', /"not a url" is not a web address/],
    ['', /Enter the service address/],
    ['   ', /Enter the service address/],
    [`https://example.com/${'x'.repeat(3000)}`, /too long/],
  ])('refuses %s in plain words', (input, why) => {
    expect(reason(input)).toMatch(why)
  })

  it('never echoes a long input whole', () => {
    expect(reason(`no url ${'y'.repeat(500)}`).length).toBeLessThan(200)
  })

  it('holds for any input: never throws; what it accepts may carry the key and is stable', () => {
    const urlish = fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.string(),
      fc
        .tuple(
          fc.constantFrom('http', 'https', 'ftp', 'HTTP', 'javascript'),
          fc.constantFrom('://', ':', ':///'),
          fc.constantFrom('localhost', '127.0.0.1', '[::1]', 'example.com', 'u:p@x.org', '127.1'),
          fc.constantFrom('', '/', '/v1/', '?a=1', '#f', ':8080'),
        )
        .map((parts) => parts.join('')),
    )
    fc.assert(
      fc.property(urlish, (input) => {
        const r = checkServiceUrl(input)
        if (!r.ok) {
          expect(r.reason).toMatch(/^(The service address|Enter the service address)/)
          return
        }
        const u = new URL(r.url)
        expect(u.username + u.password + u.search + u.hash).toBe('')
        expect(u.protocol === 'https:' || isLoopbackHostname(u.hostname)).toBe(true)
        expect(r.url.endsWith('/')).toBe(false)
        expect(checkServiceUrl(r.url)).toEqual(r)
      }),
      { numRuns: 1000 },
    )
  })
})

describe('sameServiceUrl', () => {
  it('compares normalised forms', () => {
    expect(sameServiceUrl('https://API.example.com/', 'https://api.example.com')).toBe(true)
    expect(sameServiceUrl('https://api.example.com/v1', 'https://api.example.com')).toBe(false)
    expect(sameServiceUrl('http://127.0.0.1:1', 'http://127.0.0.1:2')).toBe(false)
    expect(sameServiceUrl(null, null)).toBe(true)
    expect(sameServiceUrl(null, 'https://api.example.com')).toBe(false)
    expect(sameServiceUrl('ftp://x', 'ftp://x')).toBe(false)
  })
})
