// AppCore: the facade the IPC handlers and the CLI call. It owns no state of its own beyond the
// order of source switches: it asks the owners (open-core.ts) and tells the UI what changed. The
// API key stays with its owner (memory and the secret store; never returned, emitted or logged).
import type { AlertRule, NotificationDecision } from '../../shared/alert-rules'
import { LiquidityError } from '../../shared/errors'
import type { BacktestView } from '../../shared/backtest'
import type { IpcArgs } from '../../shared/ipc-contract'
import { MAX_WATCHLIST, type Settings, type SettingsPatch } from '../../shared/settings-schema'
import { addSymbolsLine, type AddSymbolsResult } from '../../shared/symbol-list'
import type { EngineStatus, KeyStatus, WatchRow } from '../../shared/view-models'
import type { IpcCore } from '../ipc/core-types'
import type { AppCore } from './app-core-types'
import type { AppCoreDeps } from './core-deps'
import type { CycleResult } from '../engine/poll/cycle'
import { cachedKnownSymbols } from '../engine/poll/snapshot-cache'
import * as dv from './data-views'
import { addSymbols } from './add-symbols'
import { contactPointDeps } from './contact-point-calls'
import { ConfigCalls } from './config-calls'
import { cachedDetail } from './cached-detail'
import { backtestRule } from './backtest-rule'
import * as history from './history-views'
import { closeOwners, openCore, type CoreOwners } from './open-core'
import { FIRST_PAINT_ALLOWANCE_MS } from './poll-loop'
import { removeRule, snoozeRule, upsertRule } from './rules-ops'
import * as edits from './settings-edits'
import { switchSource } from './source-switch'
import { testConnection } from './test-connection'
import { testNotification } from './test-notification'
import { playDemoStory } from './demo-story'

export type { AppCoreDeps } from './core-deps'
export type { AppCore } from './app-core-types'

export async function createAppCore(deps: AppCoreDeps): Promise<AppCore> {
  return new Core(deps, await openCore(deps))
}

class Core extends ConfigCalls implements AppCore {
  private seq = 0
  readonly delivery = (): ReturnType<AppCore['delivery']> => this.o.delivery
  /** Source switches run one after another (each opens a connection and a cache). */
  private switching: Promise<void> = Promise.resolve()

  constructor(
    private readonly deps: AppCoreDeps,
    private readonly o: CoreOwners,
  ) {
    super(contactPointDeps(deps, o), o)
  }

  // ── lifecycle ──
  start(o: { afterWindowRows?: boolean } = {}): void {
    this.o.poll.start(o)
  }
  async stop(): Promise<void> {
    await closeOwners(this.o, this.switching)
  }
  pause(): void {
    this.o.poll.pause()
  }
  resume(): void {
    this.o.poll.resume()
  }
  lastCycle(): CycleResult | null {
    return this.o.poll.lastCycle()
  }
  reports(): string[] {
    return this.o.reports.all()
  }
  cachedDetail(symbol: string): ReturnType<typeof cachedDetail> {
    return cachedDetail(this.o.data, symbol)
  }

  // ── status and watchlist ──
  getStatus(): Promise<EngineStatus> {
    return Promise.resolve(this.status())
  }
  getWatchlist(): Promise<WatchRow[]> {
    const rows = this.rows()
    this.o.poll.windowHasRows()
    return Promise.resolve(rows)
  }
  getWatchlistPage(
    ...[range]: IpcArgs<'getWatchlistPage'>
  ): ReturnType<IpcCore['getWatchlistPage']> {
    const page = this.o.view.page(range.start, range.count)
    // The whole list in one page: the window asks nothing more, and may still be painting it.
    if (page.start === 0 && page.rows.length === page.symbols.length)
      this.o.poll.windowHasRows(FIRST_PAINT_ALLOWANCE_MS)
    return Promise.resolve(page)
  }
  async addSymbol(symbol: string): Promise<WatchRow[]> {
    if (this.settings().watchlist.includes(symbol)) return this.rows()
    await edits.addToWatchlist(this.o.settings, this.o.data, symbol, new Date(this.o.clock.now()))
    const rows = this.emitRows()
    this.o.poll.refreshSoon()
    return rows
  }
  /** A typed or pasted list, any case: what the service knows is added in one edit. */
  async addSymbols(pieces: string[]): Promise<AddSymbolsResult> {
    const now = new Date(this.o.clock.now())
    const outcome = await addSymbols(this.o.settings, this.o.data, pieces, now)
    const rows = outcome.added.length > 0 ? this.emitRows() : this.rows()
    if (outcome.added.length > 0) this.o.poll.refreshSoon()
    return { ...outcome, line: addSymbolsLine(outcome, MAX_WATCHLIST), rows }
  }
  removeSymbol(symbol: string): Promise<WatchRow[]> {
    return edits.settle(() => {
      edits.removeFromWatchlist(this.o.settings, symbol)
      return this.emitRows()
    })
  }
  getKnownSymbols(): ReturnType<IpcCore['getKnownSymbols']> {
    return Promise.resolve(cachedKnownSymbols(this.o.data.current().cache))
  }
  // ── data views ──
  getAsset(symbol: string): ReturnType<IpcCore['getAsset']> {
    return dv.getAssetView(this.views(), symbol)
  }
  getAssetSeries(symbol: string, days: number): ReturnType<IpcCore['getAssetSeries']> {
    return dv.getSeriesView(this.views(), symbol, days)
  }
  getAnalytics(...[q]: IpcArgs<'getAnalytics'>): ReturnType<IpcCore['getAnalytics']> {
    return dv.getAnalyticsView(this.views(), q)
  }
  // ── rules and alerts ──
  getRules(): Promise<AlertRule[]> {
    return Promise.resolve(this.settings().rules)
  }
  saveRule(rule: AlertRule): Promise<AlertRule[]> {
    return edits.settle(() =>
      this.editRules((rules) => upsertRule(rules, rule, this.settings().contactPoints)),
    )
  }
  deleteRule(id: string): Promise<AlertRule[]> {
    return edits.settle(() => this.editRules((rules) => removeRule(rules, id)))
  }
  backtestRule(rule: AlertRule, days?: number): Promise<BacktestView> {
    const { data, settings, clock } = this.o
    const waitBudgetMs = this.deps.pollWaitBudgetMs
    return backtestRule({ data, settings, clock, waitBudgetMs }, rule, days)
  }
  async snooze(...[req]: IpcArgs<'snooze'>): Promise<AlertRule[]> {
    const id = `snooze-${this.o.clock.now().toString(36)}-${++this.seq}`
    const now = new Date(this.o.clock.now())
    const { rules, event } = snoozeRule(this.settings().rules, req, now, id)
    const out = this.editRules(() => rules)
    // The snooze is in the settings; a history entry that cannot be saved is reported, not thrown.
    this.o.alerts.addEvents([event])
    await this.o.saves.save(this.o.alerts)
    this.deps.emit('alertEvents', [event])
    return out
  }
  getAlertHistory(...[filter]: IpcArgs<'getAlertHistory'>): ReturnType<IpcCore['getAlertHistory']> {
    return Promise.resolve(this.o.alerts.history(filter))
  }
  getAlertInstances(): ReturnType<IpcCore['getAlertInstances']> {
    return Promise.resolve(this.o.view.instances())
  }
  getNotificationLog(): ReturnType<IpcCore['getNotificationLog']> {
    return Promise.resolve(this.o.log.list())
  }
  getAwayDigest(): ReturnType<IpcCore['getAwayDigest']> {
    return Promise.resolve(this.o.alerts.state.away)
  }
  /** The user closed the panel: gone for good (saved; a failed save is reported, not thrown). */
  async dismissAwayDigest(): Promise<void> {
    if (this.o.alerts.dismissAway()) await this.o.saves.save(this.o.alerts)
  }
  // ── settings and key ──
  getSettings(): Promise<Settings> {
    return Promise.resolve(this.settings())
  }
  async updateSettings(patch: SettingsPatch): Promise<Settings> {
    const applied = edits.applyPatch(this.o.settings, patch)
    if (applied.reconnect) await this.reconnect()
    if (applied.reschedule) this.o.poll.reschedule()
    this.emitStatus()
    return this.o.settings.effective(applied.settings)
  }
  getKeyStatus(): Promise<KeyStatus> {
    return this.o.key.status(this.settings().baseUrl)
  }
  setApiKey(key: string): Promise<KeyStatus> {
    return this.changeKey(this.o.key.set(key, this.settings().baseUrl))
  }
  clearApiKey(): Promise<KeyStatus> {
    return this.changeKey(this.o.key.clear())
  }
  bindApiKey(): Promise<KeyStatus> {
    return this.changeKey(this.o.key.bindTo(this.settings().baseUrl))
  }
  testConnection(...[target]: IpcArgs<'testConnection'>): ReturnType<IpcCore['testConnection']> {
    const { data, settings, key, rateLimits, clock } = this.o
    return testConnection(target, { data, settings, key, rateLimits, clock })
  }

  // ── refresh and notifications ──
  async refreshNow(): Promise<EngineStatus> {
    await this.o.poll.refreshNow()
    return this.status()
  }
  async sendTestNotification(): Promise<NotificationDecision> {
    const decision = testNotification(this.settings().notifications.enabled)
    await this.o.poll.deliver([decision])
    return decision
  }
  pauseNotifications(minutes: number): Promise<EngineStatus> {
    return edits.settle(() => {
      edits.pauseNotifications(this.o.settings, this.o.clock.now(), minutes)
      this.emitStatus()
      return this.status()
    })
  }
  /** Demo mode: a story on the demo data, polled at once (the rule confirms on the next poll). */
  async playDemoStory(...[req]: IpcArgs<'playDemoStory'>): Promise<EngineStatus> {
    playDemoStory(this.o.data, this.settings().watchlist, req)
    this.o.poll.refreshSoon()
    this.emitStatus()
    return this.status()
  }
  /** What the renderer shows: a tiered poll fetches these details first. */
  setVisibleSymbols(symbols: string[]): Promise<void> {
    this.o.poll.setVisible(symbols)
    return Promise.resolve()
  }
  // ── history ──
  getHistoryInfo(): ReturnType<IpcCore['getHistoryInfo']> {
    return history.historyInfo(this.o)
  }
  getAssetFlow(symbol: string): ReturnType<IpcCore['getAssetFlow']> {
    return history.assetFlow(this.o, symbol)
  }
  getAssetShares(symbol: string): ReturnType<IpcCore['getAssetShares']> {
    return history.assetShares(this.o, symbol)
  }
  getAssetMigration(symbol: string): ReturnType<IpcCore['getAssetMigration']> {
    return history.assetMigration(this.o, symbol)
  }
  clearHistory(): ReturnType<IpcCore['clearHistory']> {
    return history.clearHistory(this.o)
  }
  openExternal(): Promise<void> {
    return Promise.reject(
      new LiquidityError('internal', 'Opening links is done by the desktop shell, not the engine.'),
    )
  }

  // ── internals ──
  /** Settings as in force (the CLI's --base-url and --symbols included). */
  private settings(): Settings {
    return this.o.settings.get()
  }
  private views(): dv.ViewDeps {
    const offline = (): boolean => this.o.poll.status().connection === 'offline'
    return dv.viewDepsOf(this.o.data, this.o.clock, () => this.o.settings.intervalMs(), offline)
  }
  private rows(): WatchRow[] {
    return this.o.view.rows()
  }
  private status(): EngineStatus {
    return this.withDelivery(this.o.view.status(this.o.poll.status()))
  }
  protected emitStatus(): void {
    this.deps.emit('statusChanged', this.status())
  }
  protected emitRows(rows: WatchRow[] = this.rows()): WatchRow[] {
    this.deps.emit('watchlistUpdated', rows)
    return rows
  }
  private editRules(fn: (rules: AlertRule[]) => AlertRule[]): AlertRule[] {
    const out = edits.editRules(this.o.settings, fn)
    this.emitRows() // snoozed flags may have changed
    return out
  }
  /** After the key owner saved a change: work under the old key is void. */
  private async changeKey(saved: Promise<void>): Promise<KeyStatus> {
    await saved
    if (this.o.data.current().connection.mode === 'live') {
      // Work under the old key is void: abort it and poll again with the new one.
      this.o.poll.abort()
      this.o.poll.refreshIfStarted()
    }
    this.emitStatus()
    return this.getKeyStatus()
  }
  protected reconnect(): Promise<void> {
    const run = this.switching.then(() => this.switchSource())
    this.switching = run.catch(() => undefined)
    return run
  }
  private async switchSource(): Promise<void> {
    this.o.poll.abort()
    const { data, alerts, saves, poll } = this.o
    await switchSource({ data, alerts, saves, poll }, this.settings().baseUrl)
    this.emitRows()
    this.o.poll.refreshIfStarted()
  }
}
