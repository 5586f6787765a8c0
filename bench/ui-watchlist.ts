// Watchlist start-up benchmark: 10, 200 and 1000 watched symbols shown from the offline cache with
// the service stopped. The real core opens a data dir whose cache holds the asset details and the
// cycle's per-type analytics of a generated universe (startLocalService({ universe })); the page is
// measured from navigation start to the table showing every row it has on screen with its TVL
// figure (the table is virtual: aria-rowcount says how many rows it holds; no row on screen may
// still be a 'Loading…' placeholder). The page asks for the screen's rows first (getWatchlistPage)
// and the whole list after; the old path — the whole list before the first paint — is measured in
// the same run, interleaved, by answering that first request with every row. Figures, no asserts.
// As in the app (src/main/index.ts), the core is opened before the window and its poller started
// as the page begins to load; its first poll (every request failing, the rows from the cache)
// waits for the window to have every row. The engine's side is timed too, from navigation: when the first
// request reaches the handler table and when it is answered, when the first poll's rows go out,
// the longest event-loop stall and the engine process's CPU time until the rows are painted.
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import type { Browser, CDPSession } from 'playwright-core'
import { MAX_WATCHLIST } from '../src/shared/settings-schema'
import { prepareCache } from '../tests/browser/harness/cached-universe'
import { launchChromium } from '../tests/browser/harness/chromium'
import { startApp, stopRendererServer, writeSettings } from '../tests/browser/harness/app'

const SIZES = [10, 200, 1000] as const
const UNIVERSE = 1000
/** Page loads per path and size after a warm-up (LW_BENCH_RUNS to change it). */
const RUNS = Number(process.env.LW_BENCH_RUNS ?? 5)
const TARGET_MS = 400

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? NaN
}
const r1 = (n: number): number => Math.round(n * 10) / 10

/**
 * In the page from its first script: when the table holds `want` rows (aria-rowcount, header
 * included) and every row it renders — at least the first screenful — carries a TVL figure.
 */
const watchScript = (want: number): string => `
(() => {
  const want = ${want};
  // When the engine's first rows (a page or the whole list) reach the page: what follows is the renderer's.
  queueMicrotask(() => {
    const invoke = window.__lwInvoke;
    window.__lwInvoke = (channel, args) => invoke(channel, args).then((r) => {
      if ((channel === 'watchlist:page' || channel === 'watchlist:get') && window.__rowsArrivedAt === undefined) window.__rowsArrivedAt = performance.now();
      return r;
    });
  });
  const check = () => {
    const table = document.querySelector('[data-testid="watchlist-table"]');
    if (!table || Number(table.getAttribute('aria-rowcount')) !== want + 1) return false;
    const cells = table.querySelectorAll('tbody tr[data-symbol] td[data-col="tvl"]');
    if (cells.length < Math.min(want, 10)) return false;
    if (table.querySelector('tbody tr[data-pending]')) return false;
    for (const c of cells) if (!/\\$\\d/.test(c.textContent || '')) return false;
    window.__rowsRendered = cells.length;
    return true;
  };
  const done = () => {
    window.__rowsVisibleAt = performance.now();
    requestAnimationFrame(() => (window.__rowsPaintedAt = performance.now()));
  };
  new MutationObserver((_, obs) => { if (check()) { obs.disconnect(); done(); } })
    .observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
})();`

interface Marks {
  __rowsArrivedAt?: number
  __rowsVisibleAt?: number
  __rowsPaintedAt?: number
  __rowsRendered?: number
}

interface SizeFigures {
  dcl: number
  arrived: number
  visible: number
  painted: number
  wall: number
  rendered: number
  /** Engine side, ms from navigation: the first page (or whole list) request reaches the table. */
  requestIn: number
  /** …and its answer leaves it. */
  requestOut: number
  /** The first poll's rows go out (watchlistUpdated); NaN when not before the paint. */
  pollRows: number
  /** Longest event-loop stall of the engine process from navigation to paint (ms). */
  longestStall: number
  /** CPU time of the engine process (with the harness's share) from navigation to paint (ms). */
  engineCpu: number
  /** The page's main-thread task time (Chromium's TaskDuration) from navigation to paint (ms). */
  pageCpu: number
}

/** Chromium's main-thread task time of the page so far (ms). */
async function pageTaskMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics')
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN) * 1000
}

/** The engine process's side of one load, from t0 (navigation). */
function engineProbe(app: Awaited<ReturnType<typeof startApp>>): {
  begin(): void
  end(): Pick<SizeFigures, 'requestIn' | 'requestOut' | 'pollRows' | 'longestStall' | 'engineCpu'>
} {
  let t0 = 0
  let cpu0 = process.cpuUsage()
  let requestIn = NaN
  let requestOut = NaN
  let pollRows = NaN
  const since = (): number => performance.now() - t0
  const timed =
    <A, R>(fn: (a: A) => Promise<R>) =>
    async (a: A): Promise<R> => {
      if (Number.isNaN(requestIn)) requestIn = since()
      const r = await fn(a)
      if (Number.isNaN(requestOut)) requestOut = since()
      return r
    }
  app.table.getWatchlistPage = timed(app.table.getWatchlistPage)
  app.table.getWatchlist = timed(app.table.getWatchlist)
  const deliver = app.bridge.deliver
  app.bridge.deliver = (event, payload) => {
    if (event === 'watchlistUpdated' && Number.isNaN(pollRows)) pollRows = since()
    deliver(event, payload)
  }
  const delay = monitorEventLoopDelay({ resolution: 5 })
  return {
    begin() {
      t0 = performance.now()
      cpu0 = process.cpuUsage()
      delay.enable()
    },
    end() {
      delay.disable()
      const cpu = process.cpuUsage(cpu0)
      return {
        requestIn,
        requestOut,
        pollRows,
        longestStall: delay.max / 1e6,
        engineCpu: (cpu.user + cpu.system) / 1000,
      }
    },
  }
}

type Path = 'paged' | 'whole'

/** One page load with the first `count` symbols watched, by the given path. */
async function loadOnce(
  browser: Browser,
  dataDir: string,
  symbols: string[],
  deadUrl: string,
  count: number,
  path: Path,
): Promise<SizeFigures> {
  // Live mode at an address where nothing listens: the service is stopped.
  writeSettings(dataDir, (s) => ({ ...s, watchlist: symbols.slice(0, count), baseUrl: deadUrl }))
  const app = await startApp(browser, { dataDir, navigate: false, start: false })
  try {
    if (path === 'whole') {
      // The old path: the first answer carries every row, built and sent before the first paint.
      const page = app.table.getWatchlistPage
      app.table.getWatchlistPage = () => page([{ start: 0, count: MAX_WATCHLIST }])
    }
    const engine = engineProbe(app)
    await app.page.addInitScript({ content: watchScript(count) })
    const cdp = await app.context.newCDPSession(app.page)
    await cdp.send('Performance.enable')
    const task0 = await pageTaskMs(cdp)
    const t0 = performance.now()
    engine.begin()
    const navigated = app.page.goto(app.url)
    // As main does: the window starts loading, then the poller starts; its first poll waits for
    // the window to have every row (at most FIRST_POLL_WAIT_MS).
    app.core.start({ afterWindowRows: true })
    await navigated
    await app.page.waitForFunction(
      () => (globalThis as unknown as Marks).__rowsPaintedAt !== undefined,
      undefined,
      { timeout: 30_000 },
    )
    const wall = performance.now() - t0
    const engineSide = engine.end()
    const pageCpu = (await pageTaskMs(cdp)) - task0
    const m = await app.page.evaluate(() => {
      const g = globalThis as unknown as Marks
      const perf = performance as unknown as {
        getEntriesByType(t: string): { domContentLoadedEventEnd?: number }[]
      }
      const dcl = perf.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? NaN
      return {
        arrived: g.__rowsArrivedAt ?? NaN,
        visible: g.__rowsVisibleAt!,
        painted: g.__rowsPaintedAt!,
        dcl,
        n: g.__rowsRendered!,
      }
    })
    return { ...m, ...engineSide, pageCpu, wall, rendered: m.n }
  } finally {
    await app.close()
  }
}

/**
 * Medians of RUNS page loads per path (after one warm-up each), the two paths interleaved so
 * that a busy spell of the machine weighs on both alike.
 */
async function measure(
  browser: Browser,
  dataDir: string,
  symbols: string[],
  deadUrl: string,
  count: number,
): Promise<Record<Path, SizeFigures>> {
  const runs: Record<Path, SizeFigures[]> = { paged: [], whole: [] }
  for (let i = 0; i <= RUNS; i++) {
    for (const path of ['paged', 'whole'] as const) {
      const f = await loadOnce(browser, dataDir, symbols, deadUrl, count, path)
      if (i > 0) runs[path].push(f) // i = 0: warm-up (first bundle parse and compile)
    }
  }
  const medians = (rs: SizeFigures[]): SizeFigures => {
    const med = (k: keyof SizeFigures): number => r1(median(rs.map((r) => r[k])))
    return {
      dcl: med('dcl'),
      arrived: med('arrived'),
      visible: med('visible'),
      painted: med('painted'),
      wall: med('wall'),
      rendered: med('rendered'),
      requestIn: med('requestIn'),
      requestOut: med('requestOut'),
      pollRows: med('pollRows'),
      longestStall: med('longestStall'),
      engineCpu: med('engineCpu'),
      pageCpu: med('pageCpu'),
    }
  }
  return { paged: medians(runs.paged), whole: medians(runs.whole) }
}

export async function benchUiWatchlist(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lw-bench-watchlist-'))
  const browser = await launchChromium()
  try {
    const { symbols, deadUrl } = await prepareCache(dataDir, UNIVERSE)
    // Figures scale with how busy the machine is: say how busy it was.
    const out: Record<string, number | string> = {
      universe: UNIVERSE,
      runs: RUNS,
      'load average (1 min) at start': r1(loadavg()[0] ?? NaN),
      cores: availableParallelism(),
    }
    for (const n of SIZES) {
      const { paged: f, whole } = await measure(browser, dataDir, symbols, deadUrl, n)
      out[`${n} rows: DOMContentLoaded (bundle loaded and run) ms`] = f.dcl
      out[`${n} rows: engine's first rows reach the page (IPC answer) ms`] = f.arrived
      out[`${n} rows: engine: first rows request reaches the handler ms`] = f.requestIn
      out[`${n} rows: engine: first rows request answered ms`] = f.requestOut
      out[`${n} rows: engine: first poll's rows go out ms`] = f.pollRows
      out[`${n} rows: engine: longest event-loop stall until painted ms`] = f.longestStall
      out[`${n} rows: engine: CPU time until painted ms`] = f.engineCpu
      out[`${n} rows: page: main-thread task time until painted ms`] = f.pageCpu
      out[`${n} rows: rows in DOM after navigation ms`] = f.visible
      out[`${n} rows: rows painted after navigation ms`] = f.painted
      out[`${n} rows: rows painted after navigation ms target`] = `<= ${TARGET_MS}`
      out[`${n} rows: goto → painted (wall, harness) ms`] = f.wall
      out[`${n} rows: rows rendered (virtual table)`] = f.rendered
      out[`${n} rows: whole list first (old path): rows reach the page ms`] = whole.arrived
      out[`${n} rows: whole list first (old path): rows painted ms`] = whole.painted
      out[`${n} rows: painted, screen's rows first ÷ whole list first`] =
        Math.round((f.painted / whole.painted) * 100) / 100
    }
    return out
  } finally {
    await browser.close()
    await stopRendererServer()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchUiWatchlist())
}
