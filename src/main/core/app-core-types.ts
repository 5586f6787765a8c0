// What the composition root and the CLI get from createAppCore: the IPC surface plus lifecycle.
import type { AlertRule } from '../../shared/alert-rules'
import type { BacktestView } from '../../shared/backtest'
import type { AssetDetail } from '../../shared/liquidity-schemas'
import type { CycleResult } from '../engine/poll/cycle'
import type { IpcCore } from '../ipc/core-types'
import type { Delivery } from '../engine/delivery/delivery'
import type { ConfigFormat, ConfigRead, ImportOutcome } from '../config'

export interface AppCore extends IpcCore {
  /**
   * Starts polling, the first cycle at once; with afterWindowRows (a window is loading) once the
   * window has every row, at most FIRST_POLL_WAIT_MS (poll-loop.ts) later.
   */
  start(o?: { afterWindowRows?: boolean }): void
  /** Stops polling, aborts in-flight work, flushes the cache, closes the connection. */
  stop(): Promise<void>
  /** System sleep / wake. */
  pause(): void
  resume(): void
  /** The last completed cycle (the CLI prints it). */
  lastCycle(): CycleResult | null
  /** The IPC call, plus the days of series to test (the CLI's --days; the app tests 365). */
  backtestRule(rule: AlertRule, days?: number): Promise<BacktestView>
  /** Start-up repairs (settings, cache, alert state) worth telling the user about. */
  reports(): string[]
  /** The symbol's asset detail as last cached, without a request (the daemon's /metrics). */
  cachedDetail(symbol: string): AssetDetail | null
  /** The saved settings as a config file's text (Settings → Export). */
  configText(format: ConfigFormat): Promise<string>
  /** A checked config file as one settings change, or a dry run of it (Settings → Import). */
  importConfig(read: ConfigRead, o: { dryRun: boolean }): Promise<ImportOutcome>
  /** Contact points' delivery (log, failing points, queue depth, counters); null without channels. */
  delivery(): Delivery | null
}
