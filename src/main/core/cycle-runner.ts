// Runs one poll for the core and keeps what the UI needs of the last one: its result, the
// last error and per-symbol errors. Notification decisions are delivered and logged here, before
// anything is saved (runCycle saves last, through the core's SaveHealth).
import type { NotificationDecision } from '../../shared/alert-rules'
import { toSerializedError, type SerializedError } from '../../shared/errors'
import type { Settings } from '../../shared/settings-schema'
import type { LikeForLikeChange, WatchRow } from '../../shared/view-models'
import { runCycle, type CycleResult } from '../engine/poll/cycle'
import { DEFAULT_DETAIL_BUDGET } from '../engine/poll/poll-plan'
import type { CycleOutcome } from '../engine/poll/scheduler'
import type { AppCoreDeps, CoreParts } from './core-parts'
import { alertsForSource } from './source-switch'

export interface CycleRunnerHooks {
  settings(): Settings
  intervalMs(): number
  now(): Date
  /** A Retry-After longer than the client sleeps: hold polling until then. */
  holdOff(untilMs: number): void
  emitRows(rows?: WatchRow[]): void
}

/** How far back a notification counts as already told, after a reset of the alert state. */
const DAY_MS = 24 * 60 * 60 * 1000

export class CycleRunner {
  last: CycleResult | null = null
  lastError: SerializedError | null = null
  symbolErrors = new Map<string, SerializedError>()
  /** Per symbol: the last poll's findings about its data, for rows built until the next one. */
  findings: Record<string, string[]> = {}
  /** Per symbol: the last poll's like-for-like change, for rows built until the next one. */
  likeForLike: Record<string, LikeForLikeChange> = {}
  /** Symbols the last poll screened on the bulk series (tiered poll), for rows built until the next one. */
  screened = new Set<string>()
  /** Symbols on screen (visible rows, the open asset), as the renderer last said. */
  visible: ReadonlySet<string> = new Set()
  /** Asset details per poll before the poll is tiered (AppCoreDeps.detailBudget). */
  readonly detailBudget: number
  /** Settles when the cycle in flight (if any) has finished writing. */
  running: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly deps: AppCoreDeps,
    private readonly p: CoreParts,
    private readonly hooks: CycleRunnerHooks,
  ) {
    this.detailBudget = deps.detailBudget ?? DEFAULT_DETAIL_BUDGET
  }

  /** Forget the last cycle (the data source changed). */
  reset(): void {
    this.last = null
    this.lastError = null
    this.symbolErrors = new Map()
    this.findings = {}
    this.likeForLike = {}
    this.screened = new Set()
  }

  run(signal: AbortSignal): Promise<CycleOutcome> {
    const run = this.runOnce(signal)
    this.running = run.catch(() => undefined)
    return run
  }

  /** Outside a poll (a test notification): deliver, then save the log; a failed save is reported. */
  async deliver(decisions: NotificationDecision[]): Promise<void> {
    this.deliverNow(decisions)
    await this.p.saves.save(this.p.log)
  }

  /** The OS call at once; the log lists the decisions in memory and is saved with the poll. */
  private deliverNow(decisions: NotificationDecision[]): void {
    for (const d of decisions) if (d.status === 'sent') this.deps.notify(d)
    this.p.log.add(this.hooks.now(), decisions)
  }

  private async runOnce(signal: AbortSignal): Promise<CycleOutcome> {
    const { hooks } = this
    const { client } = this.p.connection
    const { cache, source } = this.p
    // "Try again next poll": a hold the service asked for beyond the cap ends here.
    this.p.rateGates.newPoll()
    try {
      const r = await runCycle(
        {
          client,
          cache,
          alerts: alertsForSource(this.p, source),
          deliver: (decisions) => this.deliverNow(decisions),
          saves: this.p.saves,
          alsoSave: [this.p.log],
          now: () => hooks.now(),
          utcOffset: this.deps.utcOffset,
          recentlyNotified: () => this.p.log.symbolsSentSince(hooks.now().getTime() - DAY_MS),
        },
        {
          settings: hooks.settings(),
          intervalMs: hooks.intervalMs(),
          signal,
          waitBudgetMs: this.deps.pollWaitBudgetMs,
          detailBudget: this.detailBudget,
          visible: this.visible,
        },
      )
      // The source changed while saving: what was decided is delivered; show nothing of it.
      if (this.p.source !== source) return 'failed'

      this.last = r
      this.lastError = r.error
      this.symbolErrors = new Map(
        r.rows.flatMap((row) => (row.error ? [[row.symbol, row.error]] : [])),
      )
      this.findings = r.findings
      this.likeForLike = r.likeForLike
      this.screened = new Set(r.rows.filter((x) => x.checkedBy === 'series').map((x) => x.symbol))
      if (r.retryAfterMs !== null) hooks.holdOff(this.p.clock.now() + r.retryAfterMs)
      hooks.emitRows(r.rows)
      if (r.events.length > 0) this.deps.emit('alertEvents', r.events)
      return r.outcome
    } catch (e) {
      const err = toSerializedError(e)
      if (err.kind !== 'cancelled') {
        this.lastError = err
        this.p.reportLine(`Refresh failed: ${err.message}`)
      }
      hooks.emitRows()
      return 'failed'
    } finally {
      // A hold the service asked for during the poll outlives the process.
      await this.p.rateHolds.save()
    }
  }
}
