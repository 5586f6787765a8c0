// Each fault mode does to the wire what it says, for as many requests as it says.
import { request, Agent } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { LocalService } from '../../src/dev-service/server'
import { ANALYTICS, ASSET, errorOf, get, start } from './helpers'

let svc: LocalService
beforeAll(async () => {
  svc = await start()
})
afterEach(() => svc.faults.clear())
afterAll(() => svc.close())

const auth = (): Record<string, string> => ({ authorization: `Bearer ${svc.apiKey}` })

describe('status faults', () => {
  it.each([401, 403, 404, 429, 500, 503] as const)(
    'answers %i with a JSON error body',
    async (status) => {
      svc.faults.inject({ kind: 'status', status })
      const r = await get(svc, `${ASSET}TSLA`)
      expect(r.status).toBe(status)
      expect(r.headers.get('content-type')).toMatch(/^application\/json/)
      expect(errorOf(r).code).toEqual(expect.any(String))
      expect(r.headers.get('retry-after')).toBeNull()
    },
  )

  it('sends Retry-After as seconds or as an HTTP date, as given', async () => {
    svc.faults.inject({ kind: 'status', status: 429, retryAfter: 7, times: 1 })
    expect((await get(svc, ANALYTICS)).headers.get('retry-after')).toBe('7')
    const date = 'Wed, 05 Nov 2025 12:00:30 GMT'
    svc.faults.inject({ kind: 'status', status: 503, retryAfter: date, times: 1 })
    const r = await get(svc, ANALYTICS)
    expect(r.status).toBe(503)
    expect(r.headers.get('retry-after')).toBe(date)
  })
})

describe('times and match', () => {
  it('applies a fault N times, then the service is healthy again', async () => {
    svc.faults.inject({ kind: 'status', status: 500, times: 2 })
    expect(svc.faults.list()[0]).toMatchObject({ remaining: 2 })
    expect((await get(svc, `${ASSET}TSLA`)).status).toBe(500)
    expect((await get(svc, `${ASSET}TSLA`)).status).toBe(500)
    expect((await get(svc, `${ASSET}TSLA`)).status).toBe(200)
    expect(svc.faults.list()).toEqual([])
  })

  it('match limits a fault to one endpoint', async () => {
    svc.faults.inject({ kind: 'status', status: 503, match: 'asset' })
    expect((await get(svc, ANALYTICS)).status).toBe(200)
    expect((await get(svc, `${ASSET}TSLA`)).status).toBe(503)
    svc.faults.clear()
    svc.faults.inject({ kind: 'html-200', match: 'analytics' })
    expect((await get(svc, `${ASSET}TSLA`)).headers.get('content-type')).toMatch(/json/)
    expect((await get(svc, ANALYTICS)).headers.get('content-type')).toMatch(/text\/html/)
  })

  it('symbols limits a fault to the asset requests of those symbols', async () => {
    svc.faults.inject({ kind: 'status', status: 404, symbols: ['TSLA'] })
    expect((await get(svc, `${ASSET}TSLA`)).status).toBe(404)
    expect((await get(svc, `${ASSET}NVDA`)).status).toBe(200)
    expect((await get(svc, ANALYTICS)).status).toBe(200)
    expect((await get(svc, `${ASSET}TSLA`)).status).toBe(404)
  })

  it('rejects invalid faults with a readable error', () => {
    expect(() => svc.faults.inject({ kind: 'status', status: 418 } as never)).toThrow(/status/)
    expect(() => svc.faults.inject({ kind: 'oversized' } as never)).toThrow(/bytes/)
    expect(() => svc.faults.inject({ kind: 'reset', times: 0 })).toThrow(/times/)
    expect(svc.faults.list()).toEqual([])
  })
})

describe('body fault', () => {
  it('rewrites fields of the real JSON answer, by dotted path (negative index counts from the end)', async () => {
    svc.faults.inject({
      kind: 'body',
      match: 'asset',
      set: { symbol: 'NVDA', 'issuers.0.totalTvl': '12', 'history.7d.tvl': -1 },
      times: 1,
    })
    const bent = (await get(svc, `${ASSET}TSLA`)).body as Record<string, unknown>
    const real = (await get(svc, `${ASSET}TSLA`)).body as Record<string, unknown>
    expect(real.symbol).toBe('TSLA')
    expect(bent).toMatchObject({ symbol: 'NVDA', history: { '7d': { tvl: -1 } } })
    expect((bent.issuers as Array<Record<string, unknown>>)[0]!.totalTvl).toBe('12')
    // Everything not named is the real answer.
    expect(bent.totalTvl).toBe(real.totalTvl)
    expect(bent.marketData).toEqual(real.marketData)

    svc.faults.inject({
      kind: 'body',
      match: 'analytics',
      set: { days: 5_000_000, 'series.-1.date': '2999-01-01' },
      unset: ['series.0.volume'],
      times: 1,
    })
    const a = (await get(svc, `${ANALYTICS}?days=5`)).body as {
      days: number
      series: Array<Record<string, unknown>>
    }
    expect(a.days).toBe(5_000_000)
    expect(a.series).toHaveLength(5)
    expect(a.series[4]!.date).toBe('2999-01-01')
    expect(a.series[0]).not.toHaveProperty('volume')
    expect(a.series[1]).toHaveProperty('volume')
  })

  it('leaves error answers alone and refuses prototype paths', async () => {
    svc.faults.inject({ kind: 'body', set: { symbol: 'NVDA' } })
    const r = await get(svc, `${ASSET}tsla`) // unknown symbol: a 404 stays a 404
    expect(r.status).toBe(404)
    expect(errorOf(r).code).toBe('unknown_symbol')
    expect(() => svc.faults.inject({ kind: 'body', set: { '__proto__.x': 1 } })).toThrow(/path/)
    expect(() => svc.faults.inject({ kind: 'body', set: {} })).toThrow(/set or unset/)
  })
})

describe('latency', () => {
  it('delays responses by the injected latency fault, setLatency and the latencyMs option', async () => {
    const elapsed = async (s: { url: string; apiKey: string }) => {
      const t = performance.now()
      expect((await get(s, `${ASSET}AAPL`)).status).toBe(200)
      return performance.now() - t
    }
    svc.faults.inject({ kind: 'latency', ms: 250, times: 1 })
    expect(await elapsed(svc)).toBeGreaterThanOrEqual(240)
    svc.setLatency(200)
    expect(await elapsed(svc)).toBeGreaterThanOrEqual(190)
    svc.setLatency(0)
    const slow = await start({ latencyMs: 200 })
    try {
      expect(await elapsed(slow)).toBeGreaterThanOrEqual(190)
    } finally {
      await slow.close()
    }
  })
})

describe('broken bodies', () => {
  it('malformed-json: 200, JSON content type, a body cut short', async () => {
    const whole = (await get(svc, `${ASSET}TSLA`)).text
    svc.faults.inject({ kind: 'malformed-json', times: 1 })
    const r = await get(svc, `${ASSET}TSLA`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toMatch(/^application\/json/)
    expect(() => JSON.parse(r.text) as unknown).toThrow()
    expect(whole.startsWith(r.text)).toBe(true)
    expect(r.text.length).toBeGreaterThan(10)
  })

  it('html-200: a 200 HTML page instead of JSON', async () => {
    svc.faults.inject({ kind: 'html-200' })
    const r = await get(svc, `${ASSET}TSLA`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(r.text).toMatch(/^<!doctype html>/i)
  })

  it('reset: the connection dies mid-response', async () => {
    svc.faults.inject({ kind: 'reset', times: 1 })
    await expect(
      (async () => {
        const res = await fetch(`${svc.url}${ASSET}TSLA`, { headers: auth() })
        return res.text()
      })(),
    ).rejects.toThrow()
    expect((await get(svc, `${ASSET}TSLA`)).status).toBe(200)
  })

  it('oversized: streams valid JSON of the configured size', async () => {
    svc.faults.inject({ kind: 'oversized', bytes: 300_000, times: 1 })
    const r = await get(svc, `${ASSET}TSLA`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-length')).toBeNull()
    expect(Buffer.byteLength(r.text)).toBe(300_000)
    expect((r.body as { symbol: string }).symbol).toBe('TSLA')
  })

  it('oversized: a client can stop reading a huge body early; declareLength sends Content-Length', async () => {
    const bytes = 200 * 1024 * 1024
    svc.faults.inject({ kind: 'oversized', bytes, declareLength: true, times: 1 })
    const ac = new AbortController()
    const res = await fetch(`${svc.url}${ANALYTICS}`, { headers: auth(), signal: ac.signal })
    expect(res.headers.get('content-length')).toBe(String(bytes))
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    let got = 0
    let head = ''
    while (got < 2 * 1024 * 1024) {
      const { value, done } = await reader.read()
      if (done) break
      if (head.length < 13) head += Buffer.from(value).toString('utf8', 0, 13)
      got += value.length
    }
    ac.abort()
    expect(head.startsWith('{"_padding":"')).toBe(true)
    expect(got).toBeGreaterThanOrEqual(2 * 1024 * 1024)
    expect((await get(svc, ANALYTICS)).status).toBe(200)
  })

  it('stall: headers arrive, the body never finishes until the client gives up', async () => {
    svc.faults.inject({ kind: 'stall', times: 1 })
    const ac = new AbortController()
    const res = await fetch(`${svc.url}${ASSET}TSLA`, { headers: auth(), signal: ac.signal })
    expect(res.status).toBe(200)
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    const first = await reader.read()
    expect(first.done).toBe(false)
    const rest = reader.read()
    const winner = await Promise.race([
      rest.then(() => 'body'),
      new Promise((r) => setTimeout(() => r('still waiting'), 300)),
    ])
    expect(winner).toBe('still waiting')
    ac.abort()
    await expect(rest).rejects.toThrow()
    expect((await get(svc, `${ASSET}TSLA`)).status).toBe(200)
  })

  it('close() ends a stalled response instead of hanging', async () => {
    const s = await start()
    s.faults.inject({ kind: 'stall' })
    const res = await fetch(`${s.url}${ASSET}TSLA`, {
      headers: { authorization: `Bearer ${s.apiKey}` },
    })
    const body = res.text()
    await s.close()
    await expect(body).rejects.toThrow()
  })
})

describe('stats', () => {
  /** Sequential GETs through one node:http agent, so socket reuse is under the test's control. */
  async function getVia(agent: Agent, s: LocalService, n: number): Promise<void> {
    const url = new URL(`${s.url}${ASSET}TSLA`)
    for (let i = 0; i < n; i++) {
      await new Promise<void>((resolve, reject) => {
        const req = request(
          url,
          { agent, headers: { authorization: `Bearer ${s.apiKey}` } },
          (res) => {
            res.resume()
            res.on('end', resolve)
          },
        )
        req.on('error', reject)
        req.end()
      })
    }
  }

  it('counts requests and TCP connections (keep-alive reuses one socket)', async () => {
    const s = await start()
    const keep = new Agent({ keepAlive: true, maxSockets: 1 })
    const fresh = new Agent({ keepAlive: false })
    try {
      await getVia(keep, s, 5)
      expect(s.stats()).toEqual({ requests: 5, connections: 1 })
      await getVia(fresh, s, 3)
      expect(s.stats()).toEqual({ requests: 8, connections: 4 })
      s.resetStats()
      expect(s.stats()).toEqual({ requests: 0, connections: 0 })
    } finally {
      keep.destroy()
      fresh.destroy()
      await s.close()
    }
  })
})
