// Runs one poll on the current data source and keeps what the UI needs of the last one: its
// result, the last error, per-symbol errors and findings. Notification decisions are delivered and
// logged here, before anything is saved (runCycle saves last, through the core's SaveHealth).
// What follows a poll (hold-off, events) is the poll loop's: run() returns it.
import type { AlertEvent, NotificationDecision } from '../../shared/alert-rules'
import type { Delivery } from '../engine/delivery/delivery'
import { toSerializedError, type SerializedError } from '../../shared/errors'
import type { UtcOffset } from '../../shared/local-time'
import type { LikeForLikeChange } from '../../shared/view-models'
import type { AlertStateStore } from '../engine/storage/alert-state-store'
import type { HistoryClient } from '../engine/history/history-client'
import { runCycle, type CycleResult } from '../engine/poll/cycle'
import type { Clock } from '../engine/poll/scheduler'
import type { SaveHealth } from '../engine/storage/save-health'
import type { CoreSettings } from './core-settings'
import type { DataSource } from './data-source'
import type { NotificationLog } from './notification-log'
import type { Reports } from './reports'
import { DetailAttemptsFile } from '../engine/poll/detail-attempts-file'
import { DEFAULT_DETAIL_BUDGET } from '../engine/poll/poll-plan'
import { alertsForSource } from './source-switch'

export interface CycleRunnerDeps {
  clock: Clock
  settings: Pick<CoreSettings, 'get' | 'intervalMs'>
  data: Pick<DataSource, 'current'>
  alerts: AlertStateStore
  log: NotificationLog
  saves: SaveHealth
  reports: Pick<Reports, 'line' | 'add'>
  history: Pick<HistoryClient, 'record' | 'flow' | 'issuerWindow' | 'settled'>
  /** The OS notification call; receives 'sent' decisions only. */
  notify: (d: NotificationDecision) => void
  /** Contact points: routes decisions (what the desktop shows too) and queues the rest; null: desktop only. */
  delivery?: Delivery | null
  utcOffset?: UtcOffset
  /** Longest one poll may wait in all at rate holds and between attempts. */
  waitBudgetMs?: number
  /** Send only what the saved alert state remembers (the CLI: CycleDeps.notifyOnlyWhenSaved). */
  notifyOnlyWhenSaved?: boolean
  /** Asset details per poll before polls are tiered (default DEFAULT_DETAIL_BUDGET, poll-plan.ts). */
  detailBudget?: number
}

/** What the last poll leaves for rows and status until the next one. */
export interface PollFacts {
  last: CycleResult | null
  lastError: SerializedError | null
  symbolErrors: Map<string, SerializedError>
  /** Per symbol: the last poll's findings about its data. */
  findings: Record<string, string[]>
  /** Per symbol: the last poll's like-for-like change. */
  likeForLike: Record<string, LikeForLikeChange>
  /** Symbols the last poll screened on the bulk series (tiered poll). */
  screened: ReadonlySet<string>
}

/** A poll as it ended: with its result, failed (rows as they are now), or superseded by a source switch. */
export type PollRun =
  { kind: 'done'; result: CycleResult } | { kind: 'failed' } | { kind: 'superseded' }

/** How far back a notification counts as already told, after a reset of the alert state. */
const DAY_MS = 24 * 60 * 60 * 1000

const noFacts = (): PollFacts => ({
  last: null,
  lastError: null,
  symbolErrors: new Map(),
  findings: {},
  likeForLike: {},
  screened: new Set(),
})

export class CycleRunner {
  #facts: PollFacts = noFacts()
  /** The last detail request per symbol of the current source: the tiered poll's round robin. */
  #attempts: { source: string; file: Promise<DetailAttemptsFile> } | null = null
  /** Symbols on screen (visible watchlist rows), as the renderer last said. */
  #visible: ReadonlySet<string> = new Set()
  /** Asset details per poll before the poll is tiered (CycleRunnerDeps.detailBudget). */
  readonly detailBudget: number

  constructor(private readonly d: CycleRunnerDeps) {
    this.detailBudget = d.detailBudget ?? DEFAULT_DETAIL_BUDGET
  }

  /** The renderer's latest word on what is on screen (read by the next poll). */
  setVisible(symbols: readonly string[]): void {
    this.#visible = new Set(symbols)
  }

  get facts(): Readonly<PollFacts> {
    return this.#facts
  }

  /** Forget the last cycle (the data source changed). */
  reset(): void {
    this.#facts = noFacts()
    this.#attempts = null
  }

  /** Outside a poll (a test notification): the desktop only, then save the log; a failed save is reported. */
  async deliver(decisions: NotificationDecision[]): Promise<void> {
    for (const d of decisions) if (d.status === 'sent') this.d.notify(d)
    this.d.log.add(this.now(), decisions)
    await this.d.saves.save(this.d.log)
  }

  /**
   * The OS call at once; then contact points' messages are written to the outbox and sent from
   * there, each on its own (none holds the desktop or another). The log lists the decisions in
   * memory and is saved with the poll.
   */
  private deliverNow(
    decisions: NotificationDecision[],
    events: readonly AlertEvent[],
    dataDates: ReadonlyMap<string, string>,
  ): void {
    const { delivery } = this.d
    const routes = delivery?.routes(decisions, events, this.now(), dataDates) ?? null
    const desktop = routes?.desktop ?? decisions.filter((d) => d.status === 'sent')
    for (const d of desktop) this.d.notify(d)
    if (routes !== null) delivery?.queue(routes)
    this.d.log.add(this.now(), decisions)
  }

  private now(): Date {
    return new Date(this.d.clock.now())
  }

  /** Opened once per source, from the file beside its cache (kept across runs of the CLI too). */
  private attemptsOf(source: string, cachePath: string): Promise<DetailAttemptsFile> {
    if (this.#attempts?.source !== source) {
      const file = DetailAttemptsFile.openBeside(cachePath, this.now()).then((f) => {
        this.d.reports.add(f.report)
        return f
      })
      this.#attempts = { source, file }
    }
    return this.#attempts.file
  }

  async run(signal: AbortSignal): Promise<PollRun> {
    const { d } = this
    const { connection, cache, name: source } = d.data.current()
    try {
      const attempts = await this.attemptsOf(source, cache.path)
      const r = await runCycle(
        {
          client: connection.client,
          cache,
          alerts: alertsForSource(d.alerts, d.data, source),
          deliver: (decisions, events, dates) => this.deliverNow(decisions, events, dates),
          saves: d.saves,
          alsoSave: [d.log, attempts],
          now: () => this.now(),
          utcOffset: d.utcOffset,
          notifyOnlyWhenSaved: d.notifyOnlyWhenSaved,
          recentlyNotified: () => d.log.symbolsSentSince(this.now().getTime() - DAY_MS),
          history: {
            record: (at, entries) => d.history.record(source, at.getTime(), entries),
            flow: (symbol, now, days) => d.history.flow(source, symbol, now, days),
            issuers: (symbol, now, days) => d.history.issuerWindow(source, symbol, now, days),
          },
        },
        {
          settings: d.settings.get(),
          intervalMs: d.settings.intervalMs(),
          signal,
          waitBudgetMs: d.waitBudgetMs,
          detailBudget: this.detailBudget,
          visible: this.#visible,
          attempts: attempts.attempts,
        },
      )
      // Alertmanager forgets what is not posted again: what still fires, after every poll.
      d.delivery?.repost(r.instances, this.now())
      // The write runs in the worker; once it landed, the status says whether it did.
      await d.history.settled()
      // The source changed while saving: what was decided is delivered; show nothing of it.
      if (d.data.current().name !== source) return { kind: 'superseded' }

      this.#facts = {
        last: r,
        lastError: r.error,
        symbolErrors: new Map(
          r.rows.flatMap((row) => (row.error ? [[row.symbol, row.error] as const] : [])),
        ),
        findings: r.findings,
        likeForLike: r.likeForLike,
        screened: new Set(r.rows.filter((x) => x.checkedBy === 'series').map((x) => x.symbol)),
      }
      return { kind: 'done', result: r }
    } catch (e) {
      const err = toSerializedError(e)
      if (err.kind !== 'cancelled') {
        this.#facts = { ...this.#facts, lastError: err }
        d.reports.line(`Refresh failed: ${err.message}`)
      }
      return { kind: 'failed' }
    }
  }
}
