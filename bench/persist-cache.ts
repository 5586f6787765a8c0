// Persisting a 200-symbol × 365-day offline cache: ResponseCache.flush() (streamed, atomic)
// against conf's whole-file set() of the same data. Targets: ≤ 0.6× conf's time, ≤ 30 ms stall.
// Run alone: npx tsx bench/persist-cache.ts
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { pathToFileURL } from 'node:url'
import Conf from 'conf'
import { CACHE_FILE_NAME, ResponseCache } from '../src/main/engine/storage/cache'
import { analyticsRequest, assetRequest, cacheKey } from '../src/main/engine/storage/cache-keys'
import { assetDetail, stockSeries, symbols } from '../tests/engine/storage/fixtures/sample-data'

const SYMBOLS = 200
const DAYS = 365
const RUNS = 3
const FETCHED_AT = '2025-07-01T12:00:00.000Z'

/** Longest gap between 1 ms ticks while it runs: how long the event loop was held. */
function stallProbe(): { stop: () => Promise<number> } {
  let last = performance.now()
  let max = 0
  const timer = setInterval(() => {
    const now = performance.now()
    max = Math.max(max, now - last)
    last = now
  }, 1)
  return {
    async stop() {
      await sleep(5) // let a tick land after a synchronous block so the gap is seen
      clearInterval(timer)
      return max
    },
  }
}

/** Fills the cache; returns its entries by key, as ResponseCache writes them. */
function fill(cache: ResponseCache): Record<string, unknown> {
  const entries: Record<string, unknown> = {}
  for (const s of symbols(SYMBOLS)) {
    const asset = assetRequest(s)
    cache.put(asset, assetDetail(s), FETCHED_AT)
    entries[cacheKey(asset)] = cache.get(asset)
    const series = analyticsRequest({ groupBy: 'stock', symbol: s, days: DAYS })
    cache.put(series, stockSeries(s, DAYS), FETCHED_AT)
    entries[cacheKey(series)] = cache.get(series)
  }
  return entries
}

const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN
const round = (x: number): number => Math.round(x * 10) / 10

export async function benchPersistCache(): Promise<Record<string, number | string>> {
  const root = await mkdtemp(join(tmpdir(), 'lw-bench-persist-'))
  try {
    const ours = { ms: [] as number[], stall: [] as number[] }
    const conf = { ms: [] as number[], stall: [] as number[] }
    let unchangedMs = 0
    const open = { ms: [] as number[], stall: [] as number[] }
    let bytes = 0
    for (let run = 0; run < RUNS; run++) {
      const cache = await ResponseCache.open(join(root, `ours-${run}`))
      // conf gets the same envelopes ResponseCache would write.
      const entries = fill(cache)

      let probe = stallProbe()
      let t0 = performance.now()
      await cache.flush()
      ours.ms.push(performance.now() - t0)
      ours.stall.push(await probe.stop())
      bytes = (await stat(join(root, `ours-${run}`, CACHE_FILE_NAME))).size

      t0 = performance.now()
      await cache.flush()
      unchangedMs = performance.now() - t0

      probe = stallProbe()
      t0 = performance.now()
      await ResponseCache.open(join(root, `ours-${run}`))
      open.ms.push(performance.now() - t0)
      open.stall.push(await probe.stop())

      const store = new Conf({
        cwd: join(root, `conf-${run}`),
        configName: 'cache',
        projectName: 'lw-bench',
      })
      probe = stallProbe()
      t0 = performance.now()
      store.set('entries', entries)
      conf.ms.push(performance.now() - t0)
      conf.stall.push(await probe.stop())
    }
    const oursMs = median(ours.ms)
    const confMs = median(conf.ms)
    const oursStall = median(ours.stall)
    return {
      cache: `${SYMBOLS} symbols × ${DAYS} days (asset + series each), ${(bytes / 1e6).toFixed(1)} MB`,
      runs: RUNS,
      flushMs: round(oursMs),
      flushStallMs: round(oursStall),
      flushUnchangedMs: round(unchangedMs),
      openMs: round(median(open.ms)),
      openStallMs: round(median(open.stall)),
      confSetMs: round(confMs),
      confStallMs: round(median(conf.stall)),
      timeRatio: round((oursMs / confMs) * 100) / 100,
      timeTarget: '≤ 0.6',
      stallTarget: '≤ 30 ms',
    }
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchPersistCache()
  for (const [k, v] of Object.entries(result)) console.log(`${k.padEnd(18)} ${v}`)
}
