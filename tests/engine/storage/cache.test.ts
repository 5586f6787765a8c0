// The offline response cache: envelopes round-trip through its file, writes happen on flush and
// only when something changed, and nothing outside the service query (no API key) is stored.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  CACHE_FILE_NAME,
  ResponseCache,
  assetRequest,
  type AnalyticsRequest,
  type AssetRequest,
} from '../../../src/main/engine/storage/cache'
import { LiquidityError } from '../../../src/shared/errors'
import { AT, STOCK_KEY, dir, file, key, seeded, stockReq, useCacheDir } from './cache-setup'
import { assetDetail, stockSeries } from './fixtures/sample-data'

useCacheDir()

describe('ResponseCache', () => {
  it('round-trips envelopes through the file', async () => {
    await seeded()
    const c = await ResponseCache.open(dir)
    expect(c.report).toBeNull()
    expect(c.keys().sort()).toEqual([STOCK_KEY, key('TSLA')])
    expect(c.get(assetRequest('TSLA'))).toEqual({
      schemaVersion: 1,
      fetchedAt: AT,
      request: { kind: 'asset', params: { symbol: 'TSLA' } },
      data: assetDetail('TSLA'),
    })
    expect(c.get(stockReq)?.data).toEqual(stockSeries('TSLA', 90))
    expect(c.get(assetRequest('NVDA'))).toBeNull()
  })

  it('keeps puts in memory until flush', async () => {
    const c = await ResponseCache.open(dir)
    c.put(assetRequest('TSLA'), assetDetail('TSLA'), AT)
    expect(c.get(assetRequest('TSLA'))).not.toBeNull()
    await expect(stat(file())).rejects.toThrow()
  })

  it('skips the write when nothing changed, writes again after a put', async () => {
    const c = await seeded()
    const first = await stat(file())
    await c.flush()
    expect((await stat(file())).ino).toBe(first.ino)
    c.put(assetRequest('NVDA'), assetDetail('NVDA'), AT)
    await c.flush()
    expect((await stat(file())).ino).not.toBe(first.ino)
    expect((await ResponseCache.open(dir)).keys()).toContain(key('NVDA'))
  })

  it('never writes request fields outside the service query, so no API key reaches the file', async () => {
    const secret = 'sk-live-7f3a9c1e5b2d'
    const c = await ResponseCache.open(dir)
    const request = {
      kind: 'asset',
      params: { symbol: 'TSLA', apiKey: secret, headers: { 'x-api-key': secret } },
    }
    c.put(request as unknown as AssetRequest, assetDetail('TSLA'), AT)
    await c.flush()
    const text = await readFile(file(), 'utf8')
    expect(text).toContain('TSLA')
    expect(text).not.toContain(secret)
    expect(c.get(assetRequest('TSLA'))?.request).toEqual({
      kind: 'asset',
      params: { symbol: 'TSLA' },
    })
  })

  it('normalises groupBy=issuer data on read like a fresh response', async () => {
    const c = await ResponseCache.open(dir)
    const req: AnalyticsRequest = { kind: 'analytics', params: { groupBy: 'issuer', days: 30 } }
    const series = stockSeries('X', 3).data[0]?.series ?? []
    c.put(req, { groupBy: 'issuer', days: 30, data: [{ name: 'Backed', series }] } as never, AT)
    await c.flush()
    const back = (await ResponseCache.open(dir)).get(req)
    expect(back?.data).toEqual({
      groupBy: 'issuer',
      days: 30,
      data: [{ issuer: 'Backed', series }],
    })
  })

  it('rejects a put with an unusable request or time', async () => {
    const c = await ResponseCache.open(dir)
    expect(() =>
      c.put({ kind: 'asset', params: {} } as AssetRequest, assetDetail('X'), AT),
    ).toThrow(LiquidityError)
    expect(() => c.put(assetRequest('X'), assetDetail('X'), 'soon')).toThrow(/fetchedAt/)
    expect(c.keys()).toEqual([])
  })

  it('a put during a flush is written by the next flush', async () => {
    const c = await seeded()
    c.put(assetRequest('A'), assetDetail('A'), AT)
    const first = c.flush()
    c.put(assetRequest('B'), assetDetail('B'), AT)
    await Promise.all([first, c.flush()])
    expect((await ResponseCache.open(dir)).keys()).toEqual(
      expect.arrayContaining([key('A'), key('B')]),
    )
  })

  it('removes temp files left by a killed writer', async () => {
    await seeded()
    const stale = join(dir, `${CACHE_FILE_NAME}.tmp-999999-abcdef`)
    await writeFile(stale, '{"cache":1,"entr')
    const c = await ResponseCache.open(dir)
    expect(c.report).toBeNull()
    expect(await readdir(dir)).toEqual([CACHE_FILE_NAME])
  })
})
