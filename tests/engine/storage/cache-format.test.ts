// The cache file is written in pieces small enough that a save never holds the event loop for
// long (issue 11: ≤ 20 ms at 1000 symbols; the figure itself is bench/persist-cache.ts's), and the
// pieces make exactly the JSON a single stringify would.
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { jsonChunks, serializeEntries } from '../../../src/main/engine/storage/cache-format'
import {
  CACHE_FILE_NAME,
  ResponseCache,
  assetRequest,
  cycleStockRequest,
} from '../../../src/main/engine/storage/cache'
import type { AnalyticsStock } from '../../../src/shared/liquidity-schemas'
import { tempDir } from '../../core/helpers'
import { assetDetail, stockSeries, symbols } from './fixtures/sample-data'

let cleanup: (() => Promise<void>) | null = null
afterEach(async () => {
  await cleanup?.()
  cleanup = null
})

/** The poll's all-stocks analytics of a 1000-symbol watchlist: one answer of several megabytes. */
function allStocks(n: number, days: number): AnalyticsStock {
  return {
    groupBy: 'stock',
    days,
    data: symbols(n).flatMap((s, i) => stockSeries(s, days, i).data),
  }
}

const PIECE_LIMIT = 64 * 1024

/** A full collection on demand (the node project runs without --expose-gc). */
function collector(): () => void {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  return () => {
    gc()
    gc()
  }
}

describe('the cache file, written in pieces', () => {
  it('pieces make exactly what JSON.stringify makes, for any JSON value (long arrays and absent fields too)', () => {
    // Nested past the depth where pieces stop, with arrays long enough to be split at two levels.
    const level = (inner: fc.Arbitrary<unknown>, long: boolean): fc.Arbitrary<unknown> =>
      fc.oneof(
        inner,
        fc.array(inner, long ? { minLength: 30, maxLength: 34 } : { maxLength: 3 }),
        fc.dictionary(fc.string(), fc.option(inner, { nil: undefined }), { maxKeys: 3 }),
      )
    const leaf = fc.jsonValue({ maxDepth: 1 })
    const value = level(level(level(level(leaf, true), false), true), false)
    fc.assert(
      fc.property(value, (v) => {
        expect([...jsonChunks(v)].join('')).toBe(JSON.stringify(v))
      }),
      { numRuns: 100 },
    )
  })

  it('an answer of megabytes is written in pieces of at most 64 KB', () => {
    const envelope = {
      schemaVersion: 1,
      fetchedAt: '2025-07-01T12:00:00.000Z',
      request: cycleStockRequest('stock'),
      data: allStocks(1000, 90),
    }
    const pieces = [...serializeEntries([['analytics?x', envelope]])]
    const text = pieces.join('')
    expect(text.length).toBeGreaterThan(4_000_000)
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThanOrEqual(PIECE_LIMIT)
    expect(JSON.parse(text)).toEqual({ cache: 1, entries: { 'analytics?x': envelope } })
  })

  it('an entry unchanged since the last save is not made into text again: its bytes from that save are written', async () => {
    // At 1000 symbols a poll changes about 60 details and the bulk answers; stringifying the other
    // 2000 entries (26 MB) again at every save was most of the save's work and garbage.
    const t = await tempDir()
    cleanup = t.cleanup
    const cache = await ResponseCache.open(t.dir)
    const big = allStocks(200, 90)
    let reads = 0
    const point = big.data[0]!.series[0]!
    const tvl = point.tvl
    Object.defineProperty(point, 'tvl', {
      enumerable: true,
      get: () => {
        reads++
        return tvl
      },
    })
    cache.put(cycleStockRequest('stock'), big, '2025-07-01T12:00:00.000Z')
    cache.put(assetRequest('TSLA'), assetDetail('TSLA'), '2025-07-01T12:00:00.000Z')
    await cache.flush()
    const first = reads
    expect(first).toBeGreaterThan(0)
    cache.put(assetRequest('TSLA'), assetDetail('TSLA', 2_000_000), '2025-07-01T12:05:00.000Z')
    await cache.flush()
    expect(reads).toBe(first)
    const reopened = await ResponseCache.open(t.dir)
    expect(reopened.get(cycleStockRequest('stock'))?.data).toEqual(JSON.parse(JSON.stringify(big)))
    expect(reopened.get(assetRequest('TSLA'))?.data.totalTvl).toBe(2_000_000)
  })

  it('what a save keeps for the next is outside the V8 heap: the collector neither copies nor marks it', async () => {
    // The first kept copy held each entry's text as strings to the entry's end: heap the collector
    // had to mark during the save (pauses of 10–100 ms). The bytes are copied out of the batch as
    // each part fills, so they live in ArrayBuffers.
    const gc = collector()
    const t = await tempDir()
    cleanup = t.cleanup
    const cache = await ResponseCache.open(t.dir)
    cache.put(cycleStockRequest('stock'), allStocks(1000, 90), '2025-07-01T12:00:00.000Z')
    gc()
    const before = process.memoryUsage()
    await cache.flush()
    cache.put(assetRequest('TSLA'), assetDetail('TSLA'), '2025-07-01T12:05:00.000Z')
    await cache.flush()
    gc()
    const after = process.memoryUsage()
    const file = await stat(join(t.dir, CACHE_FILE_NAME))
    expect(file.size).toBeGreaterThan(4_000_000)
    expect(after.heapUsed - before.heapUsed).toBeLessThan(file.size / 4)
    // The bytes are kept (the point of keeping them): about the file's size, off the heap.
    expect(after.arrayBuffers - before.arrayBuffers).toBeGreaterThan(file.size / 2)
  })

  it('a cache with a 1000-stock answer round-trips through the file, saved twice', async () => {
    const t = await tempDir()
    cleanup = t.cleanup
    const cache = await ResponseCache.open(t.dir)
    const big = allStocks(1000, 90)
    cache.put(cycleStockRequest('stock'), big, '2025-07-01T12:00:00.000Z')
    cache.put(assetRequest('TSLA'), assetDetail('TSLA'), '2025-07-01T12:00:00.000Z')
    await cache.flush()
    const firstFile = await readFile(join(t.dir, CACHE_FILE_NAME), 'utf8')
    // Another entry changes: the unchanged answer is written again, the same.
    cache.put(assetRequest('TSLA'), assetDetail('TSLA', 2_000_000), '2025-07-01T12:05:00.000Z')
    await cache.flush()
    const reopened = await ResponseCache.open(t.dir)
    expect(reopened.get(cycleStockRequest('stock'))?.data).toEqual(big)
    expect(reopened.get(assetRequest('TSLA'))?.data.totalTvl).toBe(2_000_000)
    const secondFile = await readFile(join(t.dir, CACHE_FILE_NAME), 'utf8')
    expect(JSON.parse(secondFile)).toEqual({
      ...(JSON.parse(firstFile) as object),
      entries: {
        ...(JSON.parse(firstFile) as { entries: object }).entries,
        'asset?symbol=TSLA': reopened.get(assetRequest('TSLA')),
      },
    })
  })
})
