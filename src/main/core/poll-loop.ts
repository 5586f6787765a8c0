// The poller's owner: the schedule (Poller) and the runs (CycleRunner). It applies what a run
// returns (a Retry-After hold, the rows and alert events to emit), saves the rate holds after
// each poll, and is the one place that knows whether polling has started or stopped.
import { setTimeout } from 'node:timers'
import type { NotificationDecision } from '../../shared/alert-rules'
import type { WatchRow } from '../../shared/view-models'
import type { EventSink } from '../ipc/events'
import type { CycleResult } from '../engine/poll/cycle'
import { Poller, type Clock, type CycleOutcome, type PollerStatus } from '../engine/poll/scheduler'
import type { CoreSettings } from './core-settings'
import type { CoreView } from './core-view'
import type { CycleRunner } from './cycle-runner'
import type { RateLimits } from './rate-limits'

export interface PollLoopDeps {
  clock: Clock
  settings: Pick<CoreSettings, 'intervalMs'>
  runner: CycleRunner
  view: Pick<CoreView, 'rows' | 'status' | 'keepPollRows'>
  rateLimits: Pick<RateLimits, 'save'>
  emit: EventSink
  /** The last success of an earlier run (from the current source's cache), shown until this run has one. */
  lastSuccessAt: number | null
}

/**
 * Longest the first poll waits for a loading window to have its rows (start({ afterWindowRows })):
 * a window that never asks (it failed to load) delays the first alerts by this much, once.
 */
export const FIRST_POLL_WAIT_MS = 3_000

/**
 * When a first page already holds every row, the window asks nothing more: the first poll gives it
 * this long to paint them (its events, a status and rows, would otherwise land in the first render).
 */
export const FIRST_PAINT_ALLOWANCE_MS = 250

export class PollLoop {
  private readonly poller: Poller
  private started = false
  /** After stop(): no cycle runs any more (a queued refresh resolves without touching anything). */
  private stopped = false
  /** Settles when the cycle in flight (if any) has finished writing. */
  private running: Promise<unknown> = Promise.resolve()
  /** The first poll waits for a loading window's rows (start({ afterWindowRows })). */
  #awaitingWindow = false

  constructor(private readonly d: PollLoopDeps) {
    this.poller = new Poller({
      clock: d.clock,
      intervalMs: () => d.settings.intervalMs(),
      runCycle: (signal) => this.cycle(signal),
      onStatus: (s) => d.emit('statusChanged', d.view.status(s)),
      lastSuccessAt: d.lastSuccessAt,
    })
  }

  /**
   * afterWindowRows: a window is loading. Its first rows come from the cache in memory, so the first
   * poll (every row built, the status, the events: hundreds of ms at 1000 symbols) waits until the
   * window has every row (windowHasRows), at most FIRST_POLL_WAIT_MS, instead of holding its answers.
   */
  start(o: { afterWindowRows?: boolean } = {}): void {
    this.started = true
    this.#awaitingWindow = o.afterWindowRows === true
    this.poller.start(this.#awaitingWindow ? FIRST_POLL_WAIT_MS : 0)
  }
  /**
   * The window has every row (the whole list, or a first page that holds it): a first poll held
   * for it runs, after afterMs (FIRST_PAINT_ALLOWANCE_MS when the window may still be painting).
   */
  windowHasRows(afterMs = 0): void {
    if (!this.#awaitingWindow) return
    this.#awaitingWindow = false
    // A real timer, after the answer has left: the poll's first steps must not delay it.
    setTimeout(() => {
      const s = this.poller.status()
      // Still waiting on its timer (not paused, stopped or already run by a refresh).
      if (this.started && !s.inFlight && s.nextDueAt !== null && s.lastAttemptAt === null)
        void this.poller.refreshNow()
    }, afterMs)
  }
  /** Stops polling and aborts the cycle in flight; settled() then waits for its writes. */
  stop(): void {
    this.started = false
    this.stopped = true
    this.poller.stop()
  }
  settled(): Promise<unknown> {
    return this.running
  }
  pause(): void {
    this.poller.pause()
  }
  resume(): void {
    this.poller.resume()
  }
  /** Work under an old key or source is void: its outcome is not counted. */
  abort(): void {
    this.poller.abort()
  }
  reschedule(): void {
    this.poller.reschedule()
  }
  status(): PollerStatus {
    return this.poller.status()
  }
  lastCycle(): CycleResult | null {
    return this.d.runner.facts.last
  }
  refreshNow(): Promise<CycleOutcome> {
    return this.poller.refreshNow()
  }
  /** A poll with what just changed (a new key or source), if polling has started. */
  refreshIfStarted(): void {
    if (this.started) void this.poller.refreshNow()
  }
  /** A cycle already running does not know about the edit: queue one more after it. */
  refreshSoon(): void {
    if (!this.started) return
    if (this.poller.status().inFlight) {
      void this.poller
        .refreshNow()
        .then(() => (this.started ? this.poller.refreshNow() : undefined))
    } else void this.poller.refreshNow()
  }
  /** The data source changed: forget the last poll and show the new source's last success. */
  sourceChanged(lastSuccessMs: number | null): void {
    this.d.runner.reset()
    this.poller.restoreLastSuccess(lastSuccessMs)
  }
  /** Symbols on screen (visible watchlist rows): a tiered poll fetches their details first. */
  setVisible(symbols: readonly string[]): void {
    this.d.runner.setVisible(symbols)
  }
  /** Outside a poll (a test notification): deliver, then save the log. */
  deliver(decisions: NotificationDecision[]): Promise<void> {
    return this.d.runner.deliver(decisions)
  }

  private cycle(signal: AbortSignal): Promise<CycleOutcome> {
    this.#awaitingWindow = false
    if (this.stopped) return Promise.resolve('failed')
    const run = this.runOnce(signal)
    this.running = run.catch(() => undefined)
    return run
  }

  private async runOnce(signal: AbortSignal): Promise<CycleOutcome> {
    const { d } = this
    let run: Awaited<ReturnType<typeof d.runner.run>>
    try {
      run = await d.runner.run(signal)
    } finally {
      // A hold the service asked for during the poll outlives the process.
      await d.rateLimits.save()
    }
    // Rows go out last, so a renderer that sees them sees a finished poll: a refresh asked for
    // then starts a new poll instead of joining one whose data came before the click.
    if (run.kind === 'superseded') return 'failed'
    if (run.kind === 'failed') {
      this.emitRows(d.view.rows())
      return 'failed'
    }
    const r = run.result
    // A Retry-After longer than the client sleeps: hold polling until then.
    if (r.retryAfterMs !== null) this.poller.holdOff(d.clock.now() + r.retryAfterMs)
    // The status that follows and later pages reuse them instead of building every row again.
    d.view.keepPollRows(r.rows, r.pollProblems)
    this.emitRows(r.rows)
    if (r.events.length > 0) d.emit('alertEvents', r.events)
    return r.outcome
  }

  private emitRows(rows: WatchRow[]): void {
    this.d.emit('watchlistUpdated', rows)
  }
}
