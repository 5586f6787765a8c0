// The cache file is written in pieces small enough that a save never holds the event loop for
// long (issue 11: ≤ 20 ms at 1000 symbols; the figure itself is bench/persist-cache.ts's), and the
// pieces make exactly the JSON a single stringify would.
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
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

  it('a save keeps no copy of the text it wrote: only the answers themselves stay in memory', async () => {
    // The first version kept each entry's text as bytes for later saves: 26 MB at 1000 symbols,
    // made during the first save, which is what set the collector marking (pauses of 10–100 ms;
    // bench/persist-cache.ts). Each save now writes its pieces through one reused 64 KB buffer.
    const t = await tempDir()
    cleanup = t.cleanup
    const cache = await ResponseCache.open(t.dir)
    cache.put(cycleStockRequest('stock'), allStocks(1000, 90), '2025-07-01T12:00:00.000Z')
    const before = process.memoryUsage().arrayBuffers
    await cache.flush()
    cache.put(assetRequest('TSLA'), assetDetail('TSLA'), '2025-07-01T12:05:00.000Z')
    await cache.flush()
    const file = await stat(join(t.dir, CACHE_FILE_NAME))
    expect(file.size).toBeGreaterThan(4_000_000)
    // Buffers made and not yet collected may show up; a kept copy of the file would be all of it.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(file.size / 4)
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
