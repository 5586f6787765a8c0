// The spec's rules over real HTTP: defaults, clamping, validation, case-sensitivity, auth, errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAnalytics, parseAssetDetail } from '../../src/shared/parse'
import { DEMO_API_KEY, type LocalService } from '../../src/dev-service/server'
import { ANALYTICS, ASSET, DAY, NOON, errorOf, get, isoDate, ok, start } from './helpers'

let svc: LocalService
beforeAll(async () => {
  svc = await start()
})
afterAll(() => svc.close())

describe('asset endpoint', () => {
  it('returns a detail record that the app parser accepts, JSON with charset', async () => {
    const r = await get(svc, `${ASSET}TSLA`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const d = parseAssetDetail(r.body)
    expect(d.symbol).toBe('TSLA')
    expect(d.assetType).toBe('stock')
    expect(d.issuers.length).toBeGreaterThanOrEqual(3)
  })

  it('serves commodities with assetType commodity', async () => {
    const d = parseAssetDetail(await ok(svc, `${ASSET}GOLD`))
    expect(d.assetType).toBe('commodity')
    expect(d.issuers.map((i) => i.tokenSymbol)).toEqual(expect.arrayContaining(['PAXG', 'XAUt']))
  })

  it('is case-sensitive and hints at the ticker', async () => {
    const lower = await get(svc, `${ASSET}tsla`)
    expect(lower.status).toBe(404)
    expect(lower.headers.get('content-type')).toMatch(/^application\/json/)
    expect(errorOf(lower).message).toContain('did you mean TSLA?')
    const name = await get(svc, `${ASSET}Tesla`)
    expect(name.status).toBe(404)
    expect(errorOf(name).message).toContain('did you mean TSLA?')
  })

  it('404s an unknown symbol without a hint', async () => {
    const r = await get(svc, `${ASSET}NOPE`)
    expect(r.status).toBe(404)
    expect(errorOf(r).code).toBe('unknown_symbol')
    expect(errorOf(r).message).not.toContain('did you mean')
  })
})

describe('analytics parameters', () => {
  it('defaults to groupBy=total, days=90, stocks', async () => {
    const body = parseAnalytics('total', await ok(svc, ANALYTICS))
    expect(body.groupBy).toBe('total')
    expect(body.days).toBe(90)
    expect(body.series).toHaveLength(90)
    expect(body.series.at(-1)?.date).toBe(isoDate(NOON))
    expect(body.series[0]?.date).toBe(isoDate(NOON - 89 * DAY))
    const stocks = parseAnalytics('total', await ok(svc, `${ANALYTICS}?assetType=stock`))
    expect(stocks.series).toEqual(body.series)
    const commodities = parseAnalytics('total', await ok(svc, `${ANALYTICS}?assetType=commodity`))
    expect(commodities.series[0]?.tvl).not.toBe(body.series[0]?.tvl)
  })

  it('clamps days above 365 to 365', async () => {
    const body = parseAnalytics('total', await ok(svc, `${ANALYTICS}?days=1000`))
    expect(body.days).toBe(365)
    expect(body.series).toHaveLength(365)
    const huge = parseAnalytics('total', await ok(svc, `${ANALYTICS}?days=99999999999999999999`))
    expect(huge.days).toBe(365)
  })

  it('accepts days=1 (today only)', async () => {
    const body = parseAnalytics('total', await ok(svc, `${ANALYTICS}?days=1`))
    expect(body.series.map((p) => p.date)).toEqual([isoDate(NOON)])
  })

  it.each(['0', '-1', '1.5', 'abc', '', '1e2', ' 5'])('rejects days=%j with 400', async (v) => {
    const r = await get(svc, `${ANALYTICS}?days=${encodeURIComponent(v)}`)
    expect(r.status).toBe(400)
    expect(errorOf(r).code).toBe('invalid_parameter')
    expect(errorOf(r).message).toContain('days')
  })

  it.each([
    ['groupBy', 'symbol'],
    ['groupBy', 'Total'],
    ['assetType', 'bond'],
    ['assetType', 'Stock'],
  ])('rejects %s=%s with 400 naming the allowed values', async (key, v) => {
    const r = await get(svc, `${ANALYTICS}?${key}=${v}`)
    expect(r.status).toBe(400)
    expect(errorOf(r).message).toContain(key)
  })

  it('groupBy=stock without symbol returns every stock of the asset type', async () => {
    const body = parseAnalytics('stock', await ok(svc, `${ANALYTICS}?groupBy=stock&days=3`))
    const symbols = body.data.map((d) => d.symbol)
    expect(symbols.length).toBeGreaterThanOrEqual(20)
    expect(symbols).toEqual(
      expect.arrayContaining(['TSLA', 'NVDA', 'AAPL', 'MSFT', 'SPY', 'QQQ', 'COIN', 'MSTR']),
    )
    expect(symbols).not.toContain('GOLD')
    for (const d of body.data) expect(d.series).toHaveLength(3)
    const com = parseAnalytics(
      'stock',
      await ok(svc, `${ANALYTICS}?groupBy=stock&assetType=commodity&days=3`),
    )
    expect(com.data.map((d) => d.symbol)).toEqual(expect.arrayContaining(['GOLD', 'SILVER', 'OIL']))
    expect(com.data.length).toBeGreaterThanOrEqual(3)
  })

  it('groupBy=stock&symbol filters to that symbol, exactly', async () => {
    const body = parseAnalytics(
      'stock',
      await ok(svc, `${ANALYTICS}?groupBy=stock&symbol=NVDA&days=5`),
    )
    expect(body.data.map((d) => d.symbol)).toEqual(['NVDA'])
    const lower = await get(svc, `${ANALYTICS}?groupBy=stock&symbol=nvda`)
    expect(lower.status).toBe(404)
    expect(errorOf(lower).message).toContain('did you mean NVDA?')
    const wrongType = await get(svc, `${ANALYTICS}?groupBy=stock&symbol=GOLD`)
    expect(wrongType.status).toBe(400)
    expect(errorOf(wrongType).message).toContain('assetType=commodity')
  })

  it('groupBy=issuer returns {issuer, series} per issuer, filterable by issuer', async () => {
    const raw = await ok<{ data: { issuer: string; series: object[] }[] }>(
      svc,
      `${ANALYTICS}?groupBy=issuer&days=4`,
    )
    const body = parseAnalytics('issuer', raw)
    expect(body.groupBy).toBe('issuer')
    expect(body.days).toBe(4)
    expect(raw.data.length).toBeGreaterThanOrEqual(5)
    for (const e of raw.data) {
      expect(Object.keys(e).sort()).toEqual(['issuer', 'series'])
      expect(e.series).toHaveLength(4)
      for (const p of e.series) expect(Object.keys(p).sort()).toEqual(['date', 'tvl', 'volume'])
    }
    const one = parseAnalytics(
      'issuer',
      await ok(svc, `${ANALYTICS}?groupBy=issuer&issuer=Ondo&days=4`),
    )
    expect(one.data.map((d) => d.issuer)).toEqual(['Ondo'])
    expect(one.data[0]?.series).toEqual(body.data.find((d) => d.issuer === 'Ondo')?.series)
    const unknown = await get(svc, `${ANALYTICS}?groupBy=issuer&issuer=ondo`)
    expect(unknown.status).toBe(404)
    expect(errorOf(unknown).message).toContain('Did you mean Ondo?')
  })

  it('only the total series carries poolCount', async () => {
    const total = await ok<{ series: Record<string, unknown>[] }>(svc, `${ANALYTICS}?days=2`)
    for (const p of total.series) expect(Number.isInteger(p.poolCount)).toBe(true)
    const stock = await ok<{ data: { series: Record<string, unknown>[] }[] }>(
      svc,
      `${ANALYTICS}?groupBy=stock&days=2`,
    )
    expect(stock.data[0]?.series[0]).not.toHaveProperty('poolCount')
  })
})

describe('authentication', () => {
  it.each([
    ['no header', null],
    ['a wrong key', 'not-the-key'],
    ['an empty bearer', ''],
  ])('refuses %s with a 401 JSON error on both endpoints', async (_label, key) => {
    for (const path of [`${ASSET}TSLA`, ANALYTICS]) {
      const r = await get(svc, path, key)
      expect(r.status).toBe(401)
      expect(r.headers.get('content-type')).toMatch(/^application\/json/)
      expect(errorOf(r).code).toMatch(/unauthorized|invalid_api_key/)
    }
  })

  it('accepts a custom key and rejects the demo key then', async () => {
    const custom = await start({ apiKey: 'custom-key-123' })
    try {
      expect((await get(custom, `${ASSET}TSLA`)).status).toBe(200)
      expect((await get(custom, `${ASSET}TSLA`, DEMO_API_KEY)).status).toBe(401)
    } finally {
      await custom.close()
    }
  })
})

describe('other paths and methods', () => {
  it('404s unknown paths with a JSON error', async () => {
    for (const path of [
      '/',
      '/api/v0/liquidity',
      '/api/v1/liquidity/analytics',
      `${ASSET}TSLA/extra`,
      '/__admin/faults',
    ]) {
      const r = await get(svc, path)
      expect(r.status, path).toBe(404)
      expect(errorOf(r).code).toBe('not_found')
    }
  })

  it('405s non-GET methods with Allow: GET', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await fetch(`${svc.url}${ASSET}TSLA`, {
        method,
        headers: { authorization: `Bearer ${svc.apiKey}` },
      })
      expect(res.status).toBe(405)
      expect(res.headers.get('allow')).toBe('GET')
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'method_not_allowed',
      )
    }
  })

  it('serves url without trailing slash and the API key it checks', () => {
    expect(svc.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(svc.apiKey).toBe(DEMO_API_KEY)
  })
})
