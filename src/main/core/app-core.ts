// AppCore: the facade the IPC handlers and the CLI call. It owns the stores, the connection, the
// poller and the API key (held in memory and the secret store only; never returned, emitted or logged).
import type { AlertRule, NotificationDecision } from '../../shared/alert-rules'
import { LiquidityError } from '../../shared/errors'
import type { IpcArgs } from '../../shared/ipc-contract'
import type { Settings, SettingsPatch } from '../../shared/settings-schema'
import type {
  ConnectionTestResult,
  EngineStatus,
  KeyStatus,
  WatchRow,
} from '../../shared/view-models'
import type { IpcCore } from '../ipc/core-types'
import type { AppCore } from './app-core-types'
import type { CycleResult } from '../engine/poll/cycle'
import { Poller, type CycleOutcome } from '../engine/poll/scheduler'
import { cachedKnownSymbols } from '../engine/poll/snapshot-cache'
import {
  getAnalyticsView,
  getAssetView,
  getSeriesView,
  viewDepsOf,
  type ViewDeps,
} from './data-views'
import { openCoreParts, type AppCoreDeps, type CoreParts } from './core-parts'
import { removeRule, snoozeRule, upsertRule } from './rules-ops'
import * as edits from './settings-edits'
import { CycleRunner } from './cycle-runner'
import { switchSource } from './source-switch'
import {
  currentRows,
  currentStatus,
  effectiveSettings,
  instancesNow,
  lastFetchedMs,
} from './core-snapshot'
import * as keys from './key-ops'
import { testConnection } from './test-connection'
import { testNotification } from './test-notification'

export type { AppCoreDeps } from './core-parts'

export type { AppCore } from './app-core-types'

export async function createAppCore(deps: AppCoreDeps): Promise<AppCore> {
  return new Core(deps, await openCoreParts(deps))
}

class Core implements AppCore {
  private readonly poller: Poller
  private readonly runner: CycleRunner
  private started = false
  /** After stop(): no cycle runs any more (a queued refresh resolves without touching anything). */
  private stopped = false
  private seq = 0
  /** Source switches run one after another (each opens a connection and a cache). */
  private switching: Promise<void> = Promise.resolve()

  constructor(
    private readonly deps: AppCoreDeps,
    private readonly p: CoreParts,
  ) {
    this.runner = new CycleRunner(deps, p, {
      settings: () => this.settings(),
      intervalMs: () => this.intervalMs(),
      now: () => new Date(this.p.clock.now()),
      holdOff: (untilMs) => this.poller.holdOff(untilMs),
      emitRows: (rows) => void this.emitRows(rows),
    })
    this.poller = new Poller({
      clock: p.clock,
      intervalMs: () => this.intervalMs(),
      runCycle: (signal) => this.cycle(signal),
      onStatus: () => this.emitStatus(),
      // Offline after a restart still says when the shown data is from.
      lastSuccessAt: lastFetchedMs(p),
    })
  }

  // ── lifecycle ──
  start(): void {
    this.started = true
    this.poller.start()
  }
  async stop(): Promise<void> {
    this.started = false
    this.stopped = true
    this.poller.stop()
    // The aborted cycle may still be writing (cache, alert state): let it land before closing.
    await this.runner.running
    await this.switching
    await this.p.cache.flush().catch(() => undefined)
    await this.p.alerts.settled()
    await this.p.log.settled()
    await this.p.rateHolds.save()
    await this.p.connection.close()
  }
  pause(): void {
    this.poller.pause()
  }
  resume(): void {
    this.poller.resume()
  }
  lastCycle(): CycleResult | null {
    return this.runner.last
  }
  reports(): string[] {
    return [...this.p.reports]
  }

  // ── status and watchlist ──
  getStatus(): Promise<EngineStatus> {
    return Promise.resolve(this.status())
  }
  getWatchlist(): Promise<WatchRow[]> {
    return Promise.resolve(this.rows())
  }
  async addSymbol(symbol: string): Promise<WatchRow[]> {
    if (this.settings().watchlist.includes(symbol)) return this.rows()
    await edits.addToWatchlist(this.p, symbol, new Date(this.p.clock.now()))
    const rows = this.emitRows()
    this.refreshSoon()
    return rows
  }
  removeSymbol(symbol: string): Promise<WatchRow[]> {
    return edits.settle(() => {
      edits.removeFromWatchlist(this.p, symbol)
      return this.emitRows()
    })
  }
  getKnownSymbols(): ReturnType<IpcCore['getKnownSymbols']> {
    return Promise.resolve(cachedKnownSymbols(this.p.cache))
  }

  // ── data views ──
  getAsset(symbol: string): ReturnType<IpcCore['getAsset']> {
    return getAssetView(this.views(), symbol)
  }
  getAssetSeries(symbol: string, days: number): ReturnType<IpcCore['getAssetSeries']> {
    return getSeriesView(this.views(), symbol, days)
  }
  getAnalytics(...[q]: IpcArgs<'getAnalytics'>): ReturnType<IpcCore['getAnalytics']> {
    return getAnalyticsView(this.views(), q)
  }

  // ── rules and alerts ──
  getRules(): Promise<AlertRule[]> {
    return Promise.resolve(this.settings().rules)
  }
  saveRule(rule: AlertRule): Promise<AlertRule[]> {
    return edits.settle(() => this.editRules((rules) => upsertRule(rules, rule)))
  }
  deleteRule(id: string): Promise<AlertRule[]> {
    return edits.settle(() => this.editRules((rules) => removeRule(rules, id)))
  }
  async snooze(...[req]: IpcArgs<'snooze'>): Promise<AlertRule[]> {
    const id = `snooze-${this.p.clock.now().toString(36)}-${++this.seq}`
    const { rules, event } = snoozeRule(
      this.settings().rules,
      req,
      new Date(this.p.clock.now()),
      id,
    )
    const out = this.editRules(() => rules)
    // The snooze is in the settings; a history entry that cannot be saved is reported, not thrown.
    this.p.alerts.addEvents([event])
    await this.p.saves.save(this.p.alerts)
    this.deps.emit('alertEvents', [event])
    return out
  }
  getAlertHistory(...[filter]: IpcArgs<'getAlertHistory'>): ReturnType<IpcCore['getAlertHistory']> {
    return Promise.resolve(this.p.alerts.history(filter))
  }
  getAlertInstances(): ReturnType<IpcCore['getAlertInstances']> {
    return Promise.resolve(instancesNow(this.p))
  }
  getNotificationLog(): ReturnType<IpcCore['getNotificationLog']> {
    return Promise.resolve(this.p.log.list())
  }

  // ── settings and key ──
  getSettings(): Promise<Settings> {
    return Promise.resolve(this.settings())
  }
  async updateSettings(patch: SettingsPatch): Promise<Settings> {
    const applied = edits.applyPatch(this.p, patch)
    if (applied.reconnect) await this.reconnect()
    if (applied.reschedule) this.poller.reschedule()
    this.emitStatus()
    return this.settings(applied.settings)
  }
  getKeyStatus(): Promise<KeyStatus> {
    return keys.keyStatus(this.deps.secretStore, this.p, this.settings().baseUrl)
  }
  setApiKey(key: string): Promise<KeyStatus> {
    return this.changeKey(keys.newKey(key, this.settings().baseUrl))
  }
  clearApiKey(): Promise<KeyStatus> {
    return this.changeKey(null)
  }
  async bindApiKey(): Promise<KeyStatus> {
    return this.changeKey(await keys.rebindKey(this.p, this.settings().baseUrl))
  }
  testConnection(...[target]: IpcArgs<'testConnection'>): Promise<ConnectionTestResult> {
    return testConnection(target, this.p)
  }

  // ── refresh and notifications ──
  async refreshNow(): Promise<EngineStatus> {
    await this.poller.refreshNow()
    return this.status()
  }
  async sendTestNotification(): Promise<NotificationDecision> {
    const decision = testNotification(this.settings().notifications.enabled)
    await this.runner.deliver([decision])
    return decision
  }
  pauseNotifications(minutes: number): Promise<EngineStatus> {
    return edits.settle(() => {
      edits.pauseNotifications(this.p, this.p.clock.now(), minutes)
      this.emitStatus()
      return this.status()
    })
  }
  /** What the renderer shows: a tiered poll fetches these details first (thin: the runner keeps it). */
  setVisibleSymbols(symbols: string[]): Promise<void> {
    this.runner.visible = new Set(symbols)
    return Promise.resolve()
  }
  openExternal(): Promise<void> {
    return Promise.reject(
      new LiquidityError('internal', 'Opening links is done by the desktop shell, not the engine.'),
    )
  }

  // ── internals ──
  /** Settings as in force (the CLI's --base-url and --symbols included). */
  private settings(s?: Settings): Settings {
    return effectiveSettings(this.p, s)
  }
  private intervalMs(): number {
    return this.settings().intervalMinutes * 60_000
  }
  private views(): ViewDeps {
    const offline = (): boolean => this.poller.status().connection === 'offline'
    return viewDepsOf(this.p, () => this.intervalMs(), offline)
  }
  private rows(): WatchRow[] {
    return currentRows(this.p, this.runner)
  }
  private status(): EngineStatus {
    return currentStatus(this.p, this.runner, this.poller.status())
  }
  private emitStatus(): void {
    this.deps.emit('statusChanged', this.status())
  }
  private emitRows(rows: WatchRow[] = this.rows()): WatchRow[] {
    this.deps.emit('watchlistUpdated', rows)
    return rows
  }
  private editRules(fn: (rules: AlertRule[]) => AlertRule[]): AlertRule[] {
    const out = edits.editRules(this.p, fn)
    this.emitRows() // snoozed flags may have changed
    return out
  }
  /** A cycle already running does not know about the edit: queue one more after it. */
  private refreshSoon(): void {
    if (!this.started) return
    if (this.poller.status().inFlight) {
      void this.poller
        .refreshNow()
        .then(() => (this.started ? this.poller.refreshNow() : undefined))
    } else void this.poller.refreshNow()
  }
  private async changeKey(next: keys.KeyChange): Promise<KeyStatus> {
    await keys.saveKey(this.deps.secretStore, this.p, next)
    if (this.p.connection.mode === 'live') {
      // Work under the old key is void: abort it and poll again with the new one.
      this.poller.abort()
      if (this.started) void this.poller.refreshNow()
    }
    this.emitStatus()
    return this.getKeyStatus()
  }
  private reconnect(): Promise<void> {
    const run = this.switching.then(() => this.switchSource())
    this.switching = run.catch(() => undefined)
    return run
  }
  private async switchSource(): Promise<void> {
    this.poller.abort()
    await switchSource(this.p, this.settings().baseUrl, () => {
      this.runner.reset()
      this.poller.restoreLastSuccess(lastFetchedMs(this.p))
    })
    this.emitRows()
    if (this.started) void this.poller.refreshNow()
  }

  private cycle(signal: AbortSignal): Promise<CycleOutcome> {
    if (this.stopped) return Promise.resolve('failed')
    return this.runner.run(signal)
  }
}
