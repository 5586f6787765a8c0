// Memory over many poll cycles: the full AppCore path (HTTP to the local service, cache flush,
// alert evaluation and commit) on an accelerated clock, heap sampled after GC every N cycles.
// The service runs in a child process (this file with --service-child), its clock moved along
// with ours over IPC: the heap measured is the engine's alone, not the service's per-day data.
// Target: no growth trend (slope ≈ 0 bytes/cycle once the bounded logs are full).
// Run alone: node --expose-gc --import tsx bench/heap-cycles.ts
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import Conf from 'conf'
import { createAppCore } from '../src/main/core/app-core'
import type { Clock } from '../src/main/engine/poll/scheduler'
import type { SecretStore } from '../src/main/engine/secrets/secret-store'
import { startLocalService } from '../src/main/service/server'

const CYCLES = Number(process.env.HEAP_CYCLES ?? 10_000)
const SAMPLE_EVERY = Math.max(1, Math.floor(CYCLES / 40))
const STEP_MS = 5 * 60_000

function getGc(): () => void {
  const g = (globalThis as { gc?: () => void }).gc
  if (g) return g
  // Not started with --expose-gc (e.g. from bench/run.ts): switch it on for this isolate.
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

/** Least-squares slope of y over x. */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length
  const mx = xs.reduce((a, b) => a + b, 0) / n
  const my = ys.reduce((a, b) => a + b, 0) / n
  let num = 0
  let den = 0
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my)
    den += (xs[i]! - mx) ** 2
  }
  return den === 0 ? 0 : num / den
}

function keyStore(key: string): SecretStore {
  return {
    get: () => Promise.resolve(key),
    // The bench's service is the run's choice, like LIQUIDITY_API_KEY.
    read: () => Promise.resolve({ key, origin: null, anyService: true }),
    set: () => Promise.resolve(),
    clear: () => Promise.resolve(),
    status: () => Promise.resolve({ stored: true, keychainAvailable: true, message: null }),
  }
}

interface ServiceProcess {
  url: string
  apiKey: string
  /** Moves the service's clock; resolves once the child has it. */
  setNow(ms: number): Promise<void>
  close(): Promise<void>
}

async function startServiceProcess(nowMs: number): Promise<ServiceProcess> {
  // The child needs tsx, but not our --expose-gc or inspector flags.
  const execArgv = ['--import', 'tsx']
  const child: ChildProcess = fork(
    fileURLToPath(import.meta.url),
    ['--service-child', String(nowMs)],
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
async function serviceChild(startMs: number): Promise<void> {
  let now = startMs
  const service = await startLocalService({ port: 0, now: () => new Date(now) })
  process.on('message', (msg: { now?: number }) => {
    if (typeof msg.now === 'number') now = msg.now
    process.send?.('ok')
  })
  process.on('disconnect', () => {
    void service.close().then(() => process.exit(0))
  })
  process.send?.({ url: service.url, apiKey: service.apiKey })
}

export async function benchHeapCycles(): Promise<Record<string, number | string>> {
  const gc = getGc()
  const dir = await mkdtemp(join(tmpdir(), 'lw-heap-'))
  let t = Date.parse('2025-01-01T00:00:00Z')
  // Accelerated time: each cycle is 5 minutes later; real timers for anything that sleeps.
  const clock: Clock = {
    now: () => t,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  }
  let notified = 0
  const service = await startServiceProcess(t)
  // The same local service as demo mode, reached as a live one (its URL and key) across processes.
  const core = await createAppCore({
    dataDir: dir,
    createSettingsStore: ({ cwd, configName }) =>
      new Conf({ cwd, configName, projectName: 'lw-bench' }),
    secretStore: keyStore(service.apiKey),
    overrides: { baseUrl: service.url },
    emit: () => undefined,
    notify: () => void notified++,
    clock,
  }).catch(async (e: unknown) => {
    await service.close()
    throw e
  })
  const xs: number[] = []
  const ys: number[] = []
  const sample = (cycle: number): void => {
    gc()
    gc()
    xs.push(cycle)
    ys.push(process.memoryUsage().heapUsed)
  }
  try {
    await core.refreshNow() // warm-up: modules, sockets, first cache file
    sample(0)
    const t0 = performance.now()
    let failed = 0
    for (let i = 1; i <= CYCLES; i++) {
      t += STEP_MS
      await service.setNow(t)
      const s = await core.refreshNow()
      if (s.lastError) failed++
      if (i % SAMPLE_EVERY === 0) sample(i)
    }
    const elapsed = performance.now() - t0
    // The first quarter fills bounded structures (history, logs): judge the trend after it.
    const from = Math.floor(xs.length / 4)
    const mb = (b: number): number => Math.round((b / 1024 / 1024) * 100) / 100
    return {
      cycles: CYCLES,
      sampleEvery: SAMPLE_EVERY,
      failedCycles: failed,
      notifications: notified,
      msPerCycle: Math.round((elapsed / CYCLES) * 100) / 100,
      heapStartMB: mb(ys[0]!),
      heapEndMB: mb(ys.at(-1)!),
      heapMaxMB: mb(Math.max(...ys)),
      slopeBytesPerCycle: Math.round(slope(xs.slice(from), ys.slice(from)) * 10) / 10,
      slopeAllBytesPerCycle: Math.round(slope(xs, ys) * 10) / 10,
      service: 'child process',
      target: 'slope ≈ 0 (< 50 bytes/cycle after warm-up)',
    }
  } finally {
    await core.stop()
    await service.close()
    await rm(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === '--service-child') {
    await serviceChild(Number(process.argv[3]))
  } else {
    const result = await benchHeapCycles()
    for (const [k, v] of Object.entries(result)) console.log(`${k.padEnd(22)} ${v}`)
  }
}
