// Memory over many polls at 10, 200 and 1000 symbols: the full AppCore path (HTTP to the local
// service's generated universe, cache flush, alert evaluation and commit) on an accelerated clock,
// with a 365-day series per symbol cached first (as the asset view stores them); heap sampled after
// GC. The service runs in a child process (this file with --service-child), its clock moved along
// with ours over IPC: the heap measured is the engine's alone, not the service's per-day data.
// The poll is whatever runCycle does (the tiered poll above 50 symbols).
// Warm-up: polls every 12 h over WARMUP_DAYS simulated days first, so what the engine keeps by the
// day (about a reading a day for 30 days, source marks, bounded histories) is full; then
// SETTLE_POLLS polls at the measured cadence, so V8's optimizing compilers have compiled what a
// poll runs (see SETTLE_POLLS): growth after both is growth without bound.
// Targets: heap with 1000 symbols × 365 days cached ≤ 150 MB; flat over the polls (slope < 50
// bytes/poll after warm-up). 10 000 polls (the issue's figure) take hours at 1000 symbols: the
// bench runs fewer by default and says how many; `--polls 10000` (or HEAP_POLLS) runs them all.
// Heap samples go to stderr as they are taken, so a long run shows its trend while it runs.
// Run alone: npx tsx --expose-gc bench/heap-cycles.ts [--polls N] [--sizes 10,200,1000] [--warmup-days D]
//   [--settle-polls N]
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { writeHeapSnapshot } from 'node:v8'
import Conf from 'conf'
import { createAppCore, type AppCore } from '../src/main/core/app-core'
import type { Clock } from '../src/main/engine/poll/scheduler'
import { API_KEY_ENV, EnvSecretStore } from '../src/main/engine/secrets/secret-store'
import { startLocalService } from '../src/dev-service/server'
import { codeKB, fmtSlope, getGc, slope } from './heap-measure'
import { SCALE_SIZES, SERIES_DAYS, universeSymbols } from './scale-data'

/** Polls per size when not told: enough for a trend in a bench run of a few minutes. */
const DEFAULT_POLLS: Record<number, number> = { 10: 2000, 200: 300, 1000: 60 }
const STEP_MS = 5 * 60_000
/** Simulated days polled before measuring (polls 12 h apart): the 30-day stores fill up. */
const WARMUP_DAYS = 31
const WARMUP_STEP_MS = 12 * 60 * 60_000
/**
 * Polls after the day warm-up, before measuring. What filled over the first ~500 measured polls
 * (746–894 B/poll at 200 symbols, flat after ~poll 500, "about 2 days of 5-min polls") is no engine
 * store but V8's optimized code: heap snapshots at polls 50 and 500 differ only in compiled code
 * and its deoptimization data (Code, TrustedByteArray, ProtectedFixedArray, WeakArrayList: about
 * 120 more optimized functions, 0.54 MB), no object of the app; with Maglev and TurboFan off
 * (--no-opt --no-maglev) the same 500 polls are flat (36 B/poll). It is bounded by the code a poll
 * runs, and it depends on the number of polls, not simulated time: these polls let it finish.
 * After them (snapshots at measured polls 20 and 600) what still grows is V8's too, 155 KB: the
 * dependent-code lists of maps and property cells (WeakArrayList, 92 KB) and ~20 late optimized
 * functions; 800 measured polls then fit 90 B/poll (95 % −14…194), from 894 (795…992) without.
 */
const SETTLE_POLLS = 500
const HEAP_TARGET_MB = 150
const SLOPE_TARGET = '< 50'
/** HEAP_SNAPSHOT_AT=50,500: heap snapshots (in the current directory) after those measured polls. */
const SNAPSHOT_AT = new Set(
  (process.env.HEAP_SNAPSHOT_AT ?? '').split(',').filter(Boolean).map(Number),
)

interface ServiceProcess {
  url: string
  apiKey: string
  /** Moves the service's clock; resolves once the child has it. */
  setNow(ms: number): Promise<void>
  close(): Promise<void>
}

async function startServiceProcess(nowMs: number, universe: number): Promise<ServiceProcess> {
  // The child needs tsx, but not our --expose-gc or inspector flags.
  const execArgv = ['--import', 'tsx']
  const child: ChildProcess = fork(
    fileURLToPath(import.meta.url),
    ['--service-child', String(nowMs), String(universe)],
    { execArgv },
  )
  const [hello] = (await once(child, 'message')) as [{ url: string; apiKey: string }]
  return {
    ...hello,
    setNow: async (ms) => {
      child.send({ now: ms })
      await once(child, 'message')
    },
    close: async () => {
      const exited = once(child, 'exit')
      child.disconnect()
      await exited
    },
  }
}

/** The child side: the local service on a clock the parent sets. */
async function serviceChild(startMs: number, universe: number): Promise<void> {
  let now = startMs
  // A request log as long as a poll at the largest size: the service's memory is not measured.
  const service = await startLocalService({ port: 0, now: () => new Date(now), universe })
  process.on('message', (msg: { now?: number }) => {
    if (typeof msg.now === 'number') now = msg.now
    process.send?.('ok')
  })
  process.on('disconnect', () => {
    void service.close().then(() => process.exit(0))
  })
  process.send?.({ url: service.url, apiKey: service.apiKey })
}

interface SizeRun {
  polls: number
  warmupMB: number
  settledMB: number
  /** V8's code spaces (KB) after the settling polls, and at the end. */
  codeKB: [number, number]
  failed: number
  msPerPoll: number
  cachedMB: number
  endMB: number
  maxMB: number
  externalMB: number
  slope: number
  /** Standard error of the slope (B/poll). */
  slopeSe: number
}

const DAY_MS = 24 * 60 * 60_000
const mb = (b: number): number => Math.round((b / 1024 / 1024) * 10) / 10

async function runSize(
  n: number,
  polls: number,
  warmupDays: number,
  settlePolls: number,
  gc: () => void,
): Promise<SizeRun> {
  const dir = await mkdtemp(join(tmpdir(), 'lw-heap-'))
  let t = Date.parse('2025-01-01T00:00:00Z')
  // Accelerated time: each poll is 5 minutes later; real timers for anything that sleeps.
  const clock: Clock = {
    now: () => t,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  }
  const service = await startServiceProcess(t, n)
  let core: AppCore | null = null
  try {
    const symbols = universeSymbols(n)
    // The same local service as demo mode, reached as a live one (its URL and key) across processes.
    core = await createAppCore({
      dataDir: dir,
      createSettingsStore: ({ cwd, configName }) =>
        new Conf({ cwd, configName, projectName: 'lw-bench' }),
      secretStore: new EnvSecretStore({ env: { [API_KEY_ENV]: service.apiKey } }),
      overrides: { baseUrl: service.url, watchlist: symbols },
      emit: () => undefined,
      notify: () => undefined,
      clock,
    })
    const c = core
    await c.refreshNow() // warm-up: modules, sockets, first cache file, every detail
    // The asset view's 365-day series of every symbol, as after the user opened each one.
    for (let i = 0; i < symbols.length; i += 8)
      await Promise.all(symbols.slice(i, i + 8).map((s) => c.getAssetSeries(s, SERIES_DAYS)))
    await c.refreshNow() // saves the cache with them
    const heap = (): number => {
      gc()
      gc()
      return process.memoryUsage().heapUsed
    }
    const cached = heap()
    let failed = 0
    const poll = async (step: number): Promise<void> => {
      t += step
      await service.setNow(t)
      const s = await c.refreshNow()
      if (s.lastError) failed++
    }
    for (let d = 0; d < (warmupDays * DAY_MS) / WARMUP_STEP_MS; d++) await poll(WARMUP_STEP_MS)
    const warmed = heap()
    for (let i = 0; i < settlePolls; i++) await poll(STEP_MS)
    const warm = heap()
    const codeSettled = codeKB()
    process.stderr.write(
      `heap@${n}: cached ${mb(cached)} MB, after ${warmupDays} days of warm-up ${mb(warmed)} MB, ` +
        `after ${settlePolls} polls more (V8's optimized code settled) ${mb(warm)} MB\n`,
    )
    const every = Math.max(1, Math.floor(polls / 40))
    const xs: number[] = [0]
    const ys: number[] = [warm]
    failed = 0
    const t0 = performance.now()
    for (let i = 1; i <= polls; i++) {
      await poll(STEP_MS)
      if (SNAPSHOT_AT.has(i)) {
        gc()
        process.stderr.write(
          `heap@${n}: snapshot ${writeHeapSnapshot(`heap-${n}-poll-${i}.heapsnapshot`)}\n`,
        )
      }
      if (i % every === 0) {
        xs.push(i)
        ys.push(heap())
        const sec = (performance.now() - t0) / 1000
        process.stderr.write(
          `heap@${n}: poll ${i}/${polls} ${mb(ys.at(-1)!)} MB (code ${codeKB()} KB), slope ${fmtSlope(slope(xs, ys))} B/poll, ${(sec / i).toFixed(2)} s/poll\n`,
        )
      }
    }
    const elapsed = performance.now() - t0
    return {
      polls,
      warmupMB: mb(warmed),
      settledMB: mb(warm),
      codeKB: [codeSettled, codeKB()],
      failed,
      msPerPoll: Math.round((elapsed / polls) * 10) / 10,
      cachedMB: mb(cached),
      endMB: mb(ys.at(-1)!),
      maxMB: mb(Math.max(...ys)),
      externalMB: mb(process.memoryUsage().external),
      slope: Math.round(slope(xs, ys).slope * 10) / 10,
      slopeSe: Math.round(slope(xs, ys).se * 10) / 10,
    }
  } finally {
    await core?.stop()
    await service.close()
    await rm(dir, { recursive: true, force: true })
  }
}

export interface HeapBenchOptions {
  /** Polls per size (default: DEFAULT_POLLS, or HEAP_POLLS from the environment). */
  polls?: number
  sizes?: readonly number[]
  /** Simulated days polled before measuring (default WARMUP_DAYS). */
  warmupDays?: number
  /** Polls at the measured cadence after those days, before measuring (default SETTLE_POLLS). */
  settlePolls?: number
}

export async function benchHeapCycles(
  o: HeapBenchOptions = {},
): Promise<Record<string, number | string>> {
  const gc = getGc()
  const fromEnv = process.env.HEAP_POLLS ? Number(process.env.HEAP_POLLS) : undefined
  const sizes = o.sizes ?? process.env.HEAP_SIZES?.split(',').map(Number) ?? SCALE_SIZES
  const out: Record<string, number | string> = {}
  let base: SizeRun | null = null
  for (const n of sizes) {
    const polls = o.polls ?? fromEnv ?? DEFAULT_POLLS[n] ?? 200
    const warmupDays = o.warmupDays ?? WARMUP_DAYS
    const settlePolls = o.settlePolls ?? Number(process.env.HEAP_SETTLE_POLLS ?? SETTLE_POLLS)
    const r = await runSize(n, polls, warmupDays, settlePolls, gc)
    base ??= r
    const perSymbol = (x: number, b: number): number =>
      Math.round((x / n / (b / sizes[0]!)) * 100) / 100
    out[`polls@${n}`] = polls < 10_000 ? `${polls} (fewer than 10 000: --polls 10000)` : polls
    out[`failedPolls@${n}`] = r.failed
    out[`msPerPoll@${n}`] = r.msPerPoll
    out[`heapCachedMB@${n}`] = r.cachedMB
    out[`heapAfterWarmupMB@${n} (${warmupDays} days)`] = r.warmupMB
    out[`heapAfterSettleMB@${n} (${settlePolls} polls: V8's optimized code)`] = r.settledMB
    out[`heapAfterPollsMB@${n}`] = r.endMB
    out[`codeKB@${n} (settled → end)`] = `${r.codeKB[0]} → ${r.codeKB[1]}`
    out[`heapAfterPollsMB@${n} target`] = `≤ ${HEAP_TARGET_MB}`
    out[`heapMaxMB@${n}`] = r.maxMB
    out[`heapMBPerSymbol@${n} vs @${sizes[0]}`] = perSymbol(r.endMB, base.endMB)
    out[`externalMB@${n}`] = r.externalMB
    out[`slopeBytesPerPoll@${n}`] = r.slope
    out[`slopeBytesPerPoll@${n} target`] = SLOPE_TARGET
    out[`  its 95 % interval@${n}`] =
      `${Math.round(r.slope - 1.96 * r.slopeSe)} … ${Math.round(r.slope + 1.96 * r.slopeSe)}`
  }
  return out
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === '--service-child') {
    await serviceChild(Number(process.argv[3]), Number(process.argv[4]))
  } else {
    const { values } = parseArgs({
      options: {
        polls: { type: 'string' },
        sizes: { type: 'string' },
        'warmup-days': { type: 'string' },
        'settle-polls': { type: 'string' },
      },
    })
    const result = await benchHeapCycles({
      polls: values.polls === undefined ? undefined : Number(values.polls),
      sizes: values.sizes?.split(',').map(Number),
      warmupDays: values['warmup-days'] === undefined ? undefined : Number(values['warmup-days']),
      settlePolls:
        values['settle-polls'] === undefined ? undefined : Number(values['settle-polls']),
    })
    for (const [k, v] of Object.entries(result)) console.log(`${k.padEnd(34)} ${v}`)
  }
}
