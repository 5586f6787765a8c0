// Shared set-up for the response-cache tests: a fresh temp dir per test, sample requests and
// their keys, and a cache seeded with two envelopes on disk.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import {
  CACHE_FILE_NAME,
  ResponseCache,
  assetRequest,
  cacheKey,
  type AnalyticsRequest,
} from '../../../src/main/engine/storage/cache'
import { assetDetail, stockSeries } from './fixtures/sample-data'

/** This test's cache folder (a live binding: set afresh before each test). */
export let dir: string
export const file = (): string => join(dir, CACHE_FILE_NAME)
export const AT = '2025-07-01T12:00:00.000Z'
export const stockReq: AnalyticsRequest = {
  kind: 'analytics',
  params: { groupBy: 'stock', assetType: 'stock', days: 90 },
}
export const STOCK_KEY = cacheKey(stockReq)
export const key = (symbol: string): string => cacheKey(assetRequest(symbol))

/** Call at the top of a test file: a fresh temp dir before each test, removed after it. */
export function useCacheDir(): void {
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lw-cache-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })
}

export async function seeded(): Promise<ResponseCache> {
  const c = await ResponseCache.open(dir)
  c.put(assetRequest('TSLA'), assetDetail('TSLA'), AT)
  c.put(stockReq, stockSeries('TSLA', 90), new Date(AT))
  await c.flush()
  return c
}
