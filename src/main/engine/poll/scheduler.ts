// Poll scheduler: one cycle at a time, due times on a wall-clock grid, offline back-off,
// sleep/wake handling. Time comes only from the injected clock so tests can drive it.
import type { ConnectionState } from '../../../shared/view-models'
import { MAX_HOLD_MS } from '../../client/rate-gate'

export interface Clock {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
}

export type CycleOutcome = 'ok' | 'failed'

export interface PollerStatus {
  /** Epoch ms of the next scheduled cycle, null when none is scheduled (in flight, paused, stopped). */
  nextDueAt: number | null
  connection: ConnectionState
  inFlight: boolean
  consecutiveFailures: number
  lastAttemptAt: number | null
  lastSuccessAt: number | null
  /** The service asked us (Retry-After) not to call before this epoch ms. */
  heldUntil: number | null
}

export interface PollerOptions {
  clock: Clock
  intervalMs: () => number
  runCycle: (signal: AbortSignal) => Promise<CycleOutcome>
  jitterRatio?: number
  offlineAfterFailures?: number
  /** Delay before the n-th probe (1-based) once offline. */
  offlineProbeMs?: (n: number) => number
  /** Delay of the single catch-up poll after wake (the network is often not back at once). */
  resumeDelayMs?: number
  random?: () => number
  onStatus?: (s: PollerStatus) => void
  /** The last success of an earlier run (from the files on disk), shown until this run has one. */
  lastSuccessAt?: number | null
}

export const MIN_INTERVAL_MS = 60_000
export const MAX_INTERVAL_MS = 24 * 60 * 60_000
export const DEFAULT_INTERVAL_MS = 5 * 60_000
const MAX_PROBE_MS = 15 * 60_000

export function clampInterval(ms: number): number {
  if (!Number.isFinite(ms)) return DEFAULT_INTERVAL_MS
  return Math.min(MAX_INTERVAL_MS, Math.max(MIN_INTERVAL_MS, ms))
}

/** 1, 2, 4, 8 min … capped at 15 min: an outage should not be hammered, nor missed for long. */
export function defaultOfflineProbeMs(n: number): number {
  return Math.min(MAX_PROBE_MS, 60_000 * 2 ** Math.max(0, n - 1))
}

interface Flight {
  promise: Promise<CycleOutcome>
  controller: AbortController
}

export class Poller {
  private readonly o: Required<Omit<PollerOptions, 'onStatus' | 'lastSuccessAt'>> &
    Pick<PollerOptions, 'onStatus'>
  private timer: unknown = null
  private flight: Flight | null = null
  /** Unjittered grid point of the last cycle; next due = slot + k·interval (no drift from run time). */
  private slot: number | null = null
  private running = false
  private paused = false
  private failures = 0
  private probes = 0
  private nextDueAt: number | null = null
  private lastAttemptAt: number | null = null
  private lastSuccessAt: number | null
  /** A cycle of this run succeeded: only then is the connection 'online' (a restored time is not). */
  private succeeded = false
  private heldUntil = 0

  constructor(opts: PollerOptions) {
    this.lastSuccessAt = opts.lastSuccessAt ?? null
    this.o = {
      jitterRatio: 0.05,
      offlineAfterFailures: 3,
      offlineProbeMs: defaultOfflineProbeMs,
      resumeDelayMs: 5_000,
      random: Math.random,
      ...opts,
    }
  }

  status(): PollerStatus {
    return {
      nextDueAt: this.nextDueAt,
      connection: this.connection(),
      // An aborted cycle (suspend, a new key or source) is only winding down: nothing is refreshing.
      inFlight: this.flight !== null && !this.flight.controller.signal.aborted,
      consecutiveFailures: this.failures,
      lastAttemptAt: this.lastAttemptAt,
      lastSuccessAt: this.lastSuccessAt,
      heldUntil: this.heldUntil > this.o.clock.now() ? this.heldUntil : null,
    }
  }

  /** Starts polling, the first cycle after firstDelayMs (default at once). Idempotent. */
  start(firstDelayMs = 0): void {
    if (this.running) return
    this.running = true
    this.paused = false
    this.schedule(firstDelayMs, null)
  }

  /** Stops polling and aborts the in-flight cycle. */
  stop(): void {
    this.running = false
    this.paused = false
    this.cancelTimer()
    this.abort()
    this.emit()
  }

  /** System sleep: no timers while asleep; a cycle caught by sleep is abandoned. */
  pause(): void {
    if (!this.running || this.paused) return
    this.paused = true
    this.cancelTimer()
    this.abort()
    this.emit()
  }

  /** Wake: one poll soon, then back on the grid (missed slots are skipped, not replayed). */
  resume(): void {
    if (!this.running || !this.paused) return
    this.paused = false
    if (!this.flight) this.schedule(this.o.resumeDelayMs, null)
    this.emit()
  }

  /** Aborts the in-flight cycle's signal (key or base-URL change); its outcome is not counted. */
  abort(): void {
    this.flight?.controller.abort(new Error('poll cycle aborted'))
  }

  /** The data source changed: its own last success (from its cache on disk, or null) replaces the old one's. */
  restoreLastSuccess(ms: number | null): void {
    this.lastSuccessAt = ms
    this.succeeded = false
    this.emit()
  }

  /**
   * A 429's Retry-After beyond what the client sleeps on: no cycle (scheduled or manual) before then.
   * At most 1 h from now (longer means "next poll after that"), so no timer delay can overflow.
   */
  holdOff(untilMs: number): void {
    if (Number.isNaN(untilMs)) return
    const bounded = Math.min(untilMs, this.o.clock.now() + MAX_HOLD_MS)
    this.heldUntil = Math.max(this.heldUntil, bounded)
  }

  /**
   * Runs a cycle now, or joins the one in flight. An aborted flight is waited out, then a new one runs.
   * While held off by Retry-After it runs nothing and resolves 'failed' (without counting a failure).
   */
  refreshNow(): Promise<CycleOutcome> {
    const f = this.flight
    if (!f && this.heldUntil > this.o.clock.now()) return Promise.resolve('failed')
    if (f && !f.controller.signal.aborted) return f.promise
    if (f) return f.promise.then(() => (this.flight ? this.flight.promise : this.launch(null)))
    return this.launch(null)
  }

  /** The interval setting changed: move a pending due time onto the new grid. */
  reschedule(): void {
    if (this.running && !this.paused && !this.flight && this.timer !== null && !this.isOffline()) {
      this.scheduleNext()
    }
  }

  private isOffline(): boolean {
    return this.failures >= this.o.offlineAfterFailures
  }

  private connection(): ConnectionState {
    // Not running still reports what the last manual cycle saw (the CLI never starts the timer).
    if (this.paused) return 'paused'
    if (this.isOffline()) return 'offline'
    if (this.failures > 0) return 'degraded'
    return this.succeeded ? 'online' : 'idle'
  }

  /** slot: the grid point this timer stands for; null re-anchors the grid at the run time. */
  private schedule(delayMs: number, slot: number | null): void {
    this.cancelTimer()
    const now = this.o.clock.now()
    if (now + delayMs < this.heldUntil) delayMs = this.heldUntil - now
    this.nextDueAt = now + delayMs
    this.timer = this.o.clock.setTimeout(() => {
      this.timer = null
      if (!this.flight) void this.launch(slot)
    }, delayMs)
    this.emit()
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.o.clock.clearTimeout(this.timer)
    this.timer = null
    this.nextDueAt = null
  }

  private launch(slot: number | null): Promise<CycleOutcome> {
    this.cancelTimer()
    const controller = new AbortController()
    const startedAt = this.o.clock.now()
    this.slot = slot ?? startedAt
    this.lastAttemptAt = startedAt
    const promise = this.o
      .runCycle(controller.signal)
      .catch((): CycleOutcome => 'failed')
      .then((outcome) => {
        this.afterCycle(outcome, controller.signal.aborted)
        return outcome
      })
    this.flight = { promise, controller }
    this.emit()
    return promise
  }

  private afterCycle(outcome: CycleOutcome, aborted: boolean): void {
    this.flight = null
    if (!aborted) {
      if (outcome === 'ok') {
        this.failures = 0
        this.probes = 0
        this.succeeded = true
        this.lastSuccessAt = this.o.clock.now()
      } else {
        this.failures += 1
      }
    }
    if (!this.running || this.paused) this.emit()
    // An aborted cycle fetched nothing: replace it at once (refreshNow may pre-empt this timer).
    else if (aborted) this.schedule(0, null)
    else this.scheduleNext()
  }

  private scheduleNext(): void {
    const now = this.o.clock.now()
    if (this.isOffline()) {
      // Offline: probe on a back-off; the grid is re-anchored once a probe succeeds.
      this.probes += 1
      this.schedule(this.o.offlineProbeMs(this.probes), null)
      return
    }
    const interval = clampInterval(this.o.intervalMs())
    const slot = this.slot ?? now
    // Skip every missed slot: the next due is the first grid point after now.
    const k = Math.max(1, Math.floor((now - slot) / interval) + 1)
    const next = slot + k * interval
    // Jitter delays the timer only; the grid itself never moves.
    const jitter = this.o.random() * this.o.jitterRatio * interval
    this.schedule(Math.max(0, next + jitter - now), next)
  }

  private emit(): void {
    this.o.onStatus?.(this.status())
  }
}
