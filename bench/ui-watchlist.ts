// Watchlist start-up benchmark: 100 tickers shown from the offline cache with the service stopped.
// The real core opens a data dir whose cache holds 100 asset details and the cycle's analytics
// (filled from the local service, cloned past its 26 assets); the page is measured from
// navigation start to 100 rows carrying TVL figures. Figures, no asserts.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { LiquidityClient } from '../src/main/client/liquidity-client'
import { ResponseCache } from '../src/main/engine/storage/cache'
import {
  ANALYTICS_DAYS,
  analyticsRequest,
  assetRequest,
} from '../src/main/engine/storage/cache-keys'
import { getCatalog } from '../src/main/service/catalog'
import { startLocalService } from '../src/main/service/server'
import { ASSET_TYPES, type AssetDetail } from '../src/shared/liquidity-schemas'
import { launchChromium } from '../tests/browser/harness/chromium'
import { startApp, writeSettings } from '../tests/browser/harness/app'

const TICKERS = 100
const RUNS = 5

/** Fills dataDir's cache and settings; returns the URL of the (then stopped) service. */
async function prepare(dataDir: string): Promise<{ symbols: string[]; deadUrl: string }> {
  const service = await startLocalService({ port: 0 })
  const client = new LiquidityClient({ baseUrl: service.url, apiKey: () => service.apiKey })
  const cache = await ResponseCache.open(dataDir)
  const now = new Date()
  const real = getCatalog().assets.map((a) => a.symbol)
  const details = new Map<string, AssetDetail>()
  for (const s of real) details.set(s, await client.getAsset(s))
  const symbols = Array.from({ length: TICKERS }, (_, i) => {
    const base = real[i % real.length]!
    return i < real.length ? base : `${base}.${Math.floor(i / real.length)}`
  })
  const cloneOf = (s: string): string => s.split('.')[0]!
  for (const s of symbols) {
    const detail = { ...details.get(cloneOf(s))!, symbol: s }
    cache.put(assetRequest(s), detail, now)
  }
  // The cycle's per-type analytics feed the sparklines and the known-symbol list.
  for (const assetType of ASSET_TYPES) {
    const params = { groupBy: 'stock' as const, days: ANALYTICS_DAYS, assetType }
    const stock = await client.getAnalytics(params)
    const bySymbol = new Map(stock.data.map((d) => [d.symbol, d]))
    const data = symbols.flatMap((s) => {
      const d = bySymbol.get(cloneOf(s))
      return d ? [{ ...d, symbol: s }] : []
    })
    cache.put(analyticsRequest(params), { ...stock, data }, now)
  }
  await cache.flush()
  client.close()
  const deadUrl = service.url
  await service.close()
  return { symbols, deadUrl }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? NaN
}
const r1 = (n: number): number => Math.round(n * 10) / 10

/** In the page from its first script: when 100 rows with a TVL figure are on screen. */
const WATCH_SCRIPT = `
(() => {
  const want = ${TICKERS};
  const check = () => {
    const cells = document.querySelectorAll('[data-testid="watchlist-table"] tbody tr[data-symbol] td[data-col="tvl"]');
    if (cells.length < want) return false;
    for (const c of cells) if (!/\\$\\d/.test(c.textContent || '')) return false;
    return true;
  };
  const done = () => {
    window.__rowsVisibleAt = performance.now();
    requestAnimationFrame(() => (window.__rowsPaintedAt = performance.now()));
  };
  new MutationObserver((_, obs) => { if (check()) { obs.disconnect(); done(); } })
    .observe(document, { childList: true, subtree: true, characterData: true });
})();`

interface Marks {
  __rowsVisibleAt?: number
  __rowsPaintedAt?: number
}

export async function benchUiWatchlist(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lw-bench-watchlist-'))
  const browser = await launchChromium()
  try {
    const { symbols, deadUrl } = await prepare(dataDir)
    const visible: number[] = []
    const painted: number[] = []
    const wall: number[] = []
    const dcl: number[] = []
    for (let i = 0; i <= RUNS; i++) {
      // Live mode at an address where nothing listens: the service is stopped.
      writeSettings(dataDir, (s) => ({ ...s, watchlist: symbols, baseUrl: deadUrl }))
      const app = await startApp(browser, { dataDir, navigate: false })
      try {
        await app.page.addInitScript({ content: WATCH_SCRIPT })
        const t0 = performance.now()
        await app.page.goto(app.url)
        await app.page.waitForFunction(
          () => (globalThis as unknown as Marks).__rowsPaintedAt !== undefined,
          undefined,
          {
            timeout: 30_000,
          },
        )
        const tWall = performance.now() - t0
        const m = await app.page.evaluate(() => {
          const g = globalThis as unknown as Marks
          const perf = performance as unknown as {
            getEntriesByType(t: string): { domContentLoadedEventEnd?: number }[]
          }
          const dcl = perf.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? NaN
          return { v: g.__rowsVisibleAt!, p: g.__rowsPaintedAt!, dcl }
        })
        if (i === 0) continue // warm-up: first bundle parse and compile
        visible.push(m.v)
        dcl.push(m.dcl)
        painted.push(m.p)
        wall.push(tWall)
      } finally {
        await app.close()
      }
    }
    return {
      tickers: TICKERS,
      runs: RUNS,
      'DOMContentLoaded (bundle loaded and run) ms': r1(median(dcl)),
      'rows in DOM after navigation ms': r1(median(visible)),
      'rows painted after navigation ms': r1(median(painted)),
      'rows painted after navigation ms target': '<= 500',
      'goto → painted (wall, harness) ms': r1(median(wall)),
    }
  } finally {
    await browser.close()
    const { stopRendererServer } = await import('../tests/browser/harness/app')
    await stopRendererServer()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchUiWatchlist())
}
