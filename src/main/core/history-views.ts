// What the app's own history shows, for the facade (app-core.ts): the file's facts, and each asset's
// flow, shares and issuer moves. A worker that cannot answer gives the reason, never a throw.
import type { AssetSharesView } from '../../shared/asset-shares'
import type { AssetFlowView } from '../../shared/flow'
import type { AssetMigrationView } from '../../shared/issuer-moves'
import type { HistoryInfo } from '../../shared/view-models'
import { migrationUnread } from '../engine/history/migration-view'
import { sharesUnread } from '../engine/history/shares-view'
import { assetFlowView } from './asset-flow'
import type { HistoryClient } from '../engine/history/history-client'
import type { Clock } from '../engine/poll/scheduler'
import type { DataSource } from './data-source'

interface Owners {
  readonly history: HistoryClient
  readonly data: Pick<DataSource, 'current'>
  readonly clock: Clock
}

export async function historyInfo(o: Owners): Promise<HistoryInfo> {
  const info = await o.history.info()
  return { ...info, problem: o.history.notice() }
}

export function assetFlow(o: Owners, symbol: string): Promise<AssetFlowView> {
  return assetFlowView(o.history, o.data.current().name, symbol, o.clock.now())
}

export function assetShares(o: Owners, symbol: string): Promise<AssetSharesView> {
  // The worker could not answer (it stopped): the reason instead of charts.
  return o.history
    .assetShares(o.data.current().name, symbol, o.clock.now())
    .catch(() => sharesUnread(symbol))
}

export function assetMigration(o: Owners, symbol: string): Promise<AssetMigrationView> {
  // The worker could not answer (it stopped): the reason instead of the line.
  return o.history
    .assetMigration(o.data.current().name, symbol, o.clock.now())
    .catch(() => migrationUnread(symbol))
}

export async function clearHistory(o: Owners): Promise<HistoryInfo> {
  await o.history.clear()
  return historyInfo(o)
}
