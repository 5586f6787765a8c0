// The asset view's share charts: issuer and network TVL over the app's own history of the symbol,
// as stored (downsampled by retention), or in plain words why there is no chart yet. Runs where
// the database is (the history worker, history-host.ts).
import {
  MIN_SHARE_SNAPSHOTS,
  type AssetSharesView,
  type ShareHistory,
} from '../../../shared/asset-shares'
import type { HistoryStore } from './history-store'
import { shareHistory } from './share-history'

const EMPTY: ShareHistory = { at: [], parts: [], others: [] }

function noShares(symbol: string, snapshots: number, reason: string): AssetSharesView {
  return { symbol, snapshots, from: null, asOf: null, issuers: EMPTY, networks: EMPTY, reason }
}

/** The history could not be read (or its worker could not answer): the reason instead of charts. */
export function sharesUnread(symbol: string): AssetSharesView {
  return noShares(
    symbol,
    0,
    'The history of figures could not be read, so the shares over time are not shown. Settings → History shows its file and can clear it.',
  )
}

export function assetSharesView(
  history: Pick<HistoryStore, 'reader' | 'release'>,
  source: string,
  symbol: string,
  nowMs: number,
): AssetSharesView {
  const none = (snapshots: number, reason: string): AssetSharesView =>
    noShares(symbol, snapshots, reason)
  try {
    const reader = history.reader(source)
    const issuers = shareHistory(reader.issuerShares(symbol, 0, nowMs))
    const at = issuers.at
    if (at.length < MIN_SHARE_SNAPSHOTS) {
      const have =
        at.length === 0 ? `no figures of ${symbol} yet` : `one set of figures of ${symbol} so far`
      return none(
        at.length,
        `Not enough history yet: Liquidity Watch records issuer and network figures at each poll and has ${have}. The charts start after the next poll that fetches ${symbol}.`,
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
    return sharesUnread(symbol)
  } finally {
    // Open only while in use (as after a poll's write).
    history.release()
  }
}
