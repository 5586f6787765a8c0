// What the core shows right now, asked of the owners each time: watch rows from the current
// source's cache with the last poll's facts (kept between calls, row-memo.ts, and built again
// where a part changed), alert instances, and the engine status.
import type { AlertInstance } from '../../shared/alert-rules'
import type { EngineStatus, WatchlistPage, WatchRow } from '../../shared/view-models'
import type { AlertStateStore } from '../engine/storage/alert-state-store'
import { instancesOf } from '../engine/alerts/engine-state'
import { snoozedSymbols, symbolsToFetch } from '../engine/poll/cycle'
import type { Clock, PollerStatus } from '../engine/poll/scheduler'
import type { SaveHealth } from '../engine/storage/save-health'
import type { HistoryClient } from '../engine/history/history-client'
import type { CachedRowsInput } from '../engine/poll/snapshot-cache'
import type { CoreSettings } from './core-settings'
import type { PollFacts } from './cycle-runner'
import type { DataSource } from './data-source'
import type { Reports } from './reports'
import { RowMemo } from './row-memo'
import { buildStatus } from './status'

export interface CoreViewDeps {
  clock: Clock
  settings: Pick<CoreSettings, 'get' | 'stored'>
  data: Pick<DataSource, 'current'>
  alerts: Pick<AlertStateStore, 'state'>
  saves: Pick<SaveHealth, 'rowProblem' | 'notice'>
  reports: Pick<Reports, 'all'>
  history: Pick<HistoryClient, 'notice'>
  /** The last poll's facts (the cycle runner's). */
  poll: { readonly facts: Readonly<PollFacts>; readonly detailBudget: number }
}

export class CoreView {
  /** Rows are asked for often (status, watchlist, pages, events): built again only when changed. */
  readonly #memo = new RowMemo()

  constructor(private readonly d: CoreViewDeps) {}

  /** The alert instances as shown now: their cooldown follows from the rules as they are. */
  instances(): AlertInstance[] {
    const { d } = this
    return instancesOf(d.alerts.state.instances, d.settings.stored().rules, new Date(d.clock.now()))
  }

  rows(): WatchRow[] {
    return this.#build(this.d.settings.get().watchlist)
  }

  /** Rows [start, start + count) alone: a screenful costs a screenful, not the whole watchlist. */
  page(start: number, count: number): WatchlistPage {
    const symbols = this.d.settings.get().watchlist
    return { symbols: [...symbols], start, rows: this.#build(symbols.slice(start, start + count)) }
  }

  /** A poll's rows, built from what the view now holds (see RowMemo.prime). */
  keepPollRows(rows: readonly WatchRow[], pollProblems: string[]): void {
    this.#memo.prime(this.#input(this.d.settings.get().watchlist, pollProblems), rows)
  }

  #build(symbols: string[]): WatchRow[] {
    const problems = [this.d.saves.rowProblem()].filter((x): x is string => x !== null)
    return this.#memo.rows(this.#input(symbols, problems))
  }

  #input(symbols: string[], pollProblems: string[]): CachedRowsInput {
    const { d } = this
    const s = d.settings.get()
    const nowMs = d.clock.now()
    const facts = d.poll.facts
    return {
      cache: d.data.current().cache,
      watchlist: symbols,
      nowMs,
      intervalMs: s.intervalMinutes * 60_000,
      instances: this.instances(),
      snoozed: snoozedSymbols(s.rules, s.watchlist, new Date(nowMs)),
      errors: facts.symbolErrors,
      pollProblems,
      findings: facts.findings,
      likeForLike: facts.likeForLike,
      screened: facts.screened,
    }
  }

  status(poller: PollerStatus): EngineStatus {
    const { d } = this
    const settings = d.settings.get()
    const { connection } = d.data.current()
    const status = buildStatus({
      mode: connection.mode,
      baseUrl: connection.baseUrl,
      poller,
      lastError: d.poll.facts.lastError,
      rows: this.rows(),
      instances: this.instances(),
      settings,
      nowMs: d.clock.now(),
      intervalMs: settings.intervalMinutes * 60_000,
      symbolCount: symbolsToFetch(settings, new Date(d.clock.now())).length,
      detailBudget: d.poll.detailBudget,
      // Start-up repairs stay visible for the whole session: they explain what the user sees.
      // A save problem shows while it lasts.
      notices: [
        ...d.reports.all(),
        ...[d.saves.notice(), d.history.notice()].filter((x): x is string => x !== null),
      ],
    })
    return { ...status, demoStory: connection.stories?.current() ?? null }
  }
}
