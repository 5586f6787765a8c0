// `liquidity-watch daemon`: the engine on its schedule, its figures on /metrics, one log line per
// poll; SIGTERM finishes the poll in flight and flushes, SIGHUP reloads the settings.
import { mkdirSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import type { Server } from 'node:http'
import type { FlowSplit } from '../../shared/flow'
import type { EngineStatus } from '../../shared/view-models'
import { API_KEY_ENV } from '../engine/secrets/secret-store'
import type { AppCore } from '../core/app-core'
import { withKeyFile } from '../cli/key-file'
import { serve, type Readiness } from './http'
import type { ListenAddress } from './listen'
import { takeLock } from './lock'
import { DaemonLog, type LogFormat } from './log-line'
import { DaemonMetrics, type OutboxFigures } from './metrics'
import { setPollMetrics, setSymbolMetrics } from './poll-metrics'
import { openEngine, type EngineOptions, type PollEnd } from './engine'
import { settingsProblem } from './reload-check'
import { configFileProblem, configLeavesNoService } from './config-source'
import { pollLine } from './poll-line'
import { RateHoldTally } from './rate-holds'
import { buildVersion } from './version'
import { NO_SERVICE, reloadDemoProblem, startDemoProblem } from './demo-guard'

export interface DaemonOptions extends EngineOptions {
  listen: ListenAddress
  logFormat: LogFormat
  /** A config file (config as code) imported into the settings at start and on SIGHUP. */
  configFile?: string
  /** Hidden (tests, bench): also poll on this timer, in ms (the schedule's minimum is a minute). */
  testPollMs?: number
}

export interface DaemonIo {
  out: (line: string) => void
  env: NodeJS.ProcessEnv
  exit: (code: number) => void
}

/** Longest SIGTERM waits for the poll in flight before it is aborted. */
export const STOP_WAIT_MS = 10_000

export async function runDaemon(o: DaemonOptions, io: DaemonIo): Promise<void> {
  // Refused before anything is made: a start that never runs leaves the data dir as it was.
  const noService = o.configFile === undefined ? startDemoProblem(o.dataDir, o) : null
  if (noService !== null) throw new Error(noService)
  mkdirSync(o.dataDir, { recursive: true })
  // The key file first: a start that cannot read it leaves nothing behind (no lock).
  let env = withKeyFile(io.env)
  const release = takeLock(o.dataDir)
  /** Every key this process has read (a rotated one too): masked in every line. */
  const keys = new Set<string>()
  const remember = (): void => {
    const k = env[API_KEY_ENV]?.trim()
    if (k) keys.add(k)
  }
  remember()
  const log = new DaemonLog(o.logFormat, io.out, () => [...keys])
  const metrics = new DaemonMetrics()
  metrics.info.set({ version: buildVersion() }, 1)
  metrics.demoData.set(o.demo === true ? 1 : 0)
  const flows = new Map<string, FlowSplit>()
  let core: AppCore | null = null
  let intervalMs = 15 * 60_000
  const waiters: (() => void)[] = []
  const startedAt = new Date().toISOString()
  metrics.startTime.set(Date.parse(startedAt) / 1000)
  /** The status the last poll left (readiness reads it). */
  let latest: EngineStatus | null = null

  const holds = new RateHoldTally()
  const onPollEnd = (p: PollEnd): void => {
    const c = core
    if (!c) return
    const held = holds.take()
    const cycle = c.lastCycle()
    latest = p.status
    const ok = pollSucceeded(p.status)
    for (const [symbol, f] of Object.entries(cycle?.flows ?? {})) {
      if (f.kind === 'split') flows.set(symbol, f)
      else flows.delete(symbol)
    }
    const rows = cycle?.rows ?? []
    // Symbols no longer watched leave the map (and /metrics) with their rows.
    if (cycle) {
      const watched = new Set(rows.map((r) => r.symbol))
      for (const symbol of flows.keys()) if (!watched.has(symbol)) flows.delete(symbol)
    }
    setSymbolMetrics(metrics, {
      rows,
      cycle,
      detail: (s) => c.cachedDetail(s),
      flows,
      nowMs: Date.now(),
    })
    const lastSuccessMs =
      p.status.lastSuccessAt === null ? null : Date.parse(p.status.lastSuccessAt)
    setPollMetrics(metrics, cycle, {
      ok,
      durationMs: p.durationMs,
      lastSuccessMs,
      errorKind: p.status.lastError?.kind ?? null,
      holds: held,
    })
    log.line(pollLine(cycle, p, ok, held.waitedMs))
    waiters.splice(0).forEach((w) => w())
  }
  const open = async (): Promise<AppCore> => {
    const c = await openEngine(o, env, {
      onPollEnd,
      onRateHold: holds.watch,
      // Start-up repairs and diagnostics (the key's problems included, never the key itself).
      log: (line) => log.line({ event: 'notice', msg: line }),
    })
    intervalMs = (await c.getSettings()).intervalMinutes * 60_000
    // An earlier run's last success (from the cache) until this run has one: a restart is no outage.
    const last = (await c.getStatus()).lastSuccessAt
    if (last !== null) metrics.lastSuccess.set(Date.parse(last) / 1000)
    metrics.outbox = () => outboxFigures(c)
    return c
  }
  const pollEnded = (ms: number): Promise<void> =>
    new Promise((r) => {
      const t = setTimeout(r, ms)
      waiters.push(() => (clearTimeout(t), r()))
    })
  /** Waits (up to STOP_WAIT_MS) for a poll in flight, then stops the core: cache, history, alert state flushed. */
  const close = async (c: AppCore): Promise<void> => {
    const t0 = performance.now()
    if ((await c.getStatus()).refreshing) await pollEnded(STOP_WAIT_MS)
    // Sends under way finish in what is left of the wait; the rest stays queued for the next start.
    const left = STOP_WAIT_MS - (performance.now() - t0)
    const delivery = c.delivery()
    if (delivery && left > 0)
      await Promise.race([delivery.settled(), new Promise((r) => setTimeout(r, left))])
    await c.stop()
  }

  const configProblem = async (): Promise<string | null> =>
    o.configFile === undefined
      ? null
      : configFileProblem(o.dataDir, o.configFile, (r) => log.line({ event: 'note', msg: r }))
  try {
    const unasked = o.baseUrl === undefined && o.demo !== true
    if (
      o.configFile !== undefined &&
      unasked &&
      (await configLeavesNoService(o.dataDir, o.configFile))
    )
      throw new Error(NO_SERVICE)
    const problem = await configProblem()
    if (problem !== null) throw new Error(problem)
    // The config file is imported: now the settings say whether there is a service address.
    const demo = startDemoProblem(o.dataDir, o)
    if (demo !== null) throw new Error(demo)
    core = await open()
    if ((await core.getStatus()).mode === 'demo' && o.demo !== true) {
      await core.stop()
      throw new Error(NO_SERVICE)
    }
  } catch (e) {
    release()
    throw e
  }
  const pollEvery = (): number => Math.min(intervalMs, o.testPollMs ?? Infinity)
  const readiness = (): Readiness => readinessOf(latest, pollEvery(), Date.now())
  let server: Server
  try {
    const s = await serve(o.listen, {
      metrics: async () => ({
        contentType: metrics.registry.contentType,
        body: await metrics.text(),
      }),
      readiness,
      startedAt,
    })
    server = s.server
    log.line({
      event: 'start',
      msg: `polling every ${Math.round(pollEvery() / 1000)} s${o.demo === true ? ' on the built-in demo data (--demo), not a real service' : ''}; /metrics, /healthz and /readyz at ${s.url}${o.listen.public ? ' (reachable from other machines)' : ''}`,
      url: s.url,
      pid: process.pid,
      dataDir: o.dataDir,
    })
  } catch (e) {
    await core.stop()
    release()
    throw new Error(
      `Could not listen on ${o.listen.host}:${o.listen.port} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); pass another --listen host:port.`,
      { cause: e },
    )
  }
  core.start()
  const timer = o.testPollMs ? setInterval(() => void core?.refreshNow(), o.testPollMs) : null

  let stopping = false
  let reloading: Promise<void> = Promise.resolve()
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return
    stopping = true
    if (timer) clearInterval(timer)
    log.line({ event: 'stop', msg: `${signal}: finishing the poll in flight, then saving`, signal })
    await reloading
    let code = 0
    try {
      if (core) await close(core)
    } catch (e) {
      code = 1
      log.line({ event: 'error', msg: `Stopping did not finish cleanly: ${(e as Error).message}` })
    }
    server.close()
    release()
    log.line({ event: 'stopped', msg: 'saved and stopped', code })
    io.exit(code)
  }
  const reload = async (): Promise<void> => {
    // A rotated key file is read again; one that cannot be read keeps the key in use.
    let fresh: NodeJS.ProcessEnv
    try {
      fresh = withKeyFile(io.env)
    } catch (e) {
      log.line({ event: 'reload', msg: `Not reloaded: ${(e as Error).message}`, ok: false })
      return
    }
    const problem =
      (await configProblem()) ??
      settingsProblem(o.dataDir, new Date()) ??
      reloadDemoProblem(o.dataDir, o)
    if (problem !== null) {
      log.line({
        event: 'reload',
        msg: `The new settings were not loaded: ${problem}. The daemon keeps running with the settings it had.`,
        ok: false,
      })
      return
    }
    env = fresh
    remember()
    const old = core
    core = null
    // The old outbox closes with its core: a scrape meanwhile shows no outbox figures.
    metrics.outbox = () => null
    if (old) await close(old)
    core = await open()
    core.start()
    log.line({ event: 'reload', msg: 'settings reloaded', ok: true })
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGHUP', () => {
    if (stopping) return
    reloading = reloading.then(reload).catch((e: unknown) => {
      log.line({ event: 'reload', msg: `Reloading failed: ${(e as Error).message}`, ok: false })
    })
  })
}

/** The outbox's figures (Delivery over outbox.sqlite), or null without delivery. */
function outboxFigures(c: AppCore): OutboxFigures | null {
  const d = c.delivery()
  if (d === null) return null
  const byOutcome: Record<string, number> = {}
  for (const x of d.counters()) byOutcome[x.outcome] = (byOutcome[x.outcome] ?? 0) + x.n
  return { depth: d.depth(), deliveryFailures: byOutcome['attempt-failed'] ?? 0, byOutcome }
}

/** The poll that just ended succeeded: its success is at or after its attempt (the engine's clock). */
function pollSucceeded(s: EngineStatus): boolean {
  if (s.lastSuccessAt === null || s.lastAttemptAt === null) return false
  return Date.parse(s.lastSuccessAt) >= Date.parse(s.lastAttemptAt)
}

/** Ready when a poll succeeded within two intervals of now. */
export function readinessOf(st: EngineStatus | null, everyMs: number, nowMs: number): Readiness {
  const last = st?.lastSuccessAt ?? null
  const age = last === null ? Infinity : nowMs - Date.parse(last)
  const ready = age <= 2 * everyMs
  const reason = ready
    ? `the last poll succeeded ${Math.round(age / 1000)} s ago`
    : last === null
      ? 'no poll has succeeded yet'
      : `no poll has succeeded for ${Math.round(age / 1000)} s (more than two intervals of ${Math.round(everyMs / 1000)} s)`
  return {
    ready,
    reason: st?.lastError && !ready ? `${reason}; last error: ${st.lastError.message}` : reason,
    lastSuccessAt: last,
    lastAttemptAt: st?.lastAttemptAt ?? null,
    lastError: st?.lastError?.message ?? null,
    demo: st?.mode === 'demo',
  }
}
