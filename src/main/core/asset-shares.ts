// The asset view's share charts: issuer and network TVL over the app's own history of the symbol,
// as stored (downsampled by retention), or in plain words why there is no chart yet.
import {
  MIN_SHARE_SNAPSHOTS,
  type AssetSharesView,
  type ShareHistory,
} from '../../shared/asset-shares'
import type { HistoryStore } from '../engine/history/history-store'
import { shareHistory } from '../engine/history/share-history'

const EMPTY: ShareHistory = { at: [], parts: [], others: [] }

export function assetSharesView(
  history: Pick<HistoryStore, 'reader' | 'release'>,
  source: string,
  symbol: string,
  nowMs: number,
): AssetSharesView {
  const none = (snapshots: number, reason: string): AssetSharesView => ({
    symbol,
    snapshots,
    from: null,
    asOf: null,
    issuers: EMPTY,
    networks: EMPTY,
    reason,
  })
  try {
    const reader = history.reader(source)
    const issuers = shareHistory(reader.issuerShares(symbol, 0, nowMs))
    const at = issuers.at
    if (at.length < MIN_SHARE_SNAPSHOTS) {
      const have =
        at.length === 0 ? `no figures of ${symbol} yet` : `one set of figures of ${symbol} so far`
      return none(
        at.length,
        `Not enough history yet: the app records issuer and network figures at each poll and has ${have}. The charts start after the next poll that fetches ${symbol}.`,
      )
    }
    return {
      symbol,
      snapshots: at.length,
      from: new Date(at[0]!).toISOString(),
      asOf: new Date(at.at(-1)!).toISOString(),
      issuers,
      networks: shareHistory(reader.networkShares(symbol, 0, nowMs)),
      reason: null,
    }
  } catch {
    return none(
      0,
      'The history of figures could not be read, so the shares over time are not shown. Settings → History shows its file and can clear it.',
    )
  } finally {
    // Open only while in use (as after a poll's write).
    history.release()
  }
}
