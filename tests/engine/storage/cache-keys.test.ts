// Cache keys: one canonical string per request, never one for two different requests, and a cache
// file written before canonical keys (`asset:TSLA`, `analytics:stock:stock:90`) still loads.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  analyticsRequest,
  assetRequest,
  CACHE_FILE_NAME,
  cacheKey,
  cycleStockRequest,
  normalizeRequest,
  ResponseCache,
  type CacheRequest,
} from '../../../src/main/engine/storage/cache'
import { ASSET_TYPES, GROUP_BY } from '../../../src/shared/liquidity-schemas'
import { assetDetail, stockSeries } from './fixtures/sample-data'

// Values full of the characters a naive key would join or split on.
const text = fc.string({ unit: fc.constantFrom('a', 'B', ':', '&', '=', '?', '%', ' ', '\u00e9') })
const nonEmpty = text.filter((s) => s.length > 0)
const request: fc.Arbitrary<CacheRequest> = fc.oneof(
  nonEmpty.map((symbol) => assetRequest(symbol)),
  fc
    .record(
      {
        groupBy: fc.constantFrom(...GROUP_BY),
        days: fc.integer({ min: 1, max: 400 }),
        assetType: fc.constantFrom(...ASSET_TYPES),
        symbol: nonEmpty,
        issuer: nonEmpty,
      },
      { requiredKeys: ['groupBy'] },
    )
    .map((params) => analyticsRequest(params)),
)

describe('cacheKey', () => {
  it('gives two requests one key exactly when they are the same request', () => {
    fc.assert(
      fc.property(request, request, (a, b) => {
        const same = JSON.stringify(normalizeRequest(a)) === JSON.stringify(normalizeRequest(b))
        expect(cacheKey(a) === cacheKey(b)).toBe(same)
      }),
      { numRuns: 2000 },
    )
  })

  it('does not depend on the order params were written in', () => {
    const a = analyticsRequest({ groupBy: 'stock', assetType: 'stock', symbol: 'TSLA', days: 30 })
    const b = analyticsRequest({ days: 30, symbol: 'TSLA', assetType: 'stock', groupBy: 'stock' })
    expect(cacheKey(a)).toBe(cacheKey(b))
    expect(cacheKey(a)).toBe('analytics?assetType=stock&days=30&groupBy=stock&symbol=TSLA')
  })

  it('keeps apart what the old keys merged: a ":" inside a symbol or an issuer', () => {
    // Old keys joined values with ':' (analytics:stock:stock:a::b:90 for both).
    const a = analyticsRequest({ groupBy: 'stock', assetType: 'stock', symbol: 'a:', issuer: 'b' })
    const b = analyticsRequest({ groupBy: 'stock', assetType: 'stock', symbol: 'a', issuer: ':b' })
    expect(cacheKey(a)).not.toBe(cacheKey(b))
  })
})

describe('a cache file from before canonical keys', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lw-cache-keys-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('loads every entry under the key of its own request, and is rewritten with canonical keys', async () => {
    const envelope = (request: unknown, data: unknown, fetchedAt: string): unknown => ({
      schemaVersion: 1,
      fetchedAt,
      request,
      data,
    })
    const stock = { kind: 'analytics', params: { groupBy: 'stock', assetType: 'stock', days: 90 } }
    const filtered = {
      kind: 'analytics',
      params: { groupBy: 'stock', assetType: 'stock', symbol: 'TSLA', days: 30 },
    }
    // Written as version 1.x of the app wrote it: its key strings, one entry a line.
    const old = [
      `"asset:TSLA":${JSON.stringify(envelope({ kind: 'asset', params: { symbol: 'TSLA' } }, assetDetail('TSLA'), '2025-07-01T12:00:00.000Z'))}`,
      `"analytics:stock:stock:90":${JSON.stringify(envelope(stock, stockSeries('TSLA', 90), '2025-07-01T12:00:00.000Z'))}`,
      `"analytics:stock:stock:TSLA::30":${JSON.stringify(envelope(filtered, stockSeries('TSLA', 30), '2025-07-01T12:05:00.000Z'))}`,
    ]
    await writeFile(join(dir, CACHE_FILE_NAME), `{"cache":1,"entries":{\n${old.join(',\n')}\n}}\n`)

    const c = await ResponseCache.open(dir)
    expect(c.report).toBeNull()
    expect(c.get(assetRequest('TSLA'))?.data).toEqual(assetDetail('TSLA'))
    expect(c.get(cycleStockRequest('stock'))?.data).toEqual(stockSeries('TSLA', 90))
    const view = analyticsRequest({
      groupBy: 'stock',
      assetType: 'stock',
      symbol: 'TSLA',
      days: 30,
    })
    expect(c.get(view)).toMatchObject({
      fetchedAt: '2025-07-01T12:05:00.000Z',
      data: stockSeries('TSLA', 30),
    })
    expect(c.keys().sort()).toEqual(
      [cacheKey(cycleStockRequest('stock')), cacheKey(view), cacheKey(assetRequest('TSLA'))].sort(),
    )

    c.put(assetRequest('NVDA'), assetDetail('NVDA'), '2025-07-01T13:00:00.000Z')
    await c.flush()
    const again = await ResponseCache.open(dir)
    expect(again.report).toBeNull()
    expect(again.keys().sort()).toEqual([...c.keys()].sort())
    expect(again.get(view)?.data).toEqual(stockSeries('TSLA', 30))
  })
})
