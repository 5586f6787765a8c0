// Issuer and network shares of an asset over time, from the app's own history (the asset view's
// share charts): one value per recorded snapshot, oldest first. No Node, no Electron.

/** At most this many series per chart; past it, the smallest are summed as "Others". */
export const MAX_SHARE_SERIES = 8

/** The name of the summed series of the smaller parts. */
export const OTHERS = 'Others'

/** Fewer snapshots than this: no chart, the plain reason instead. */
export const MIN_SHARE_SNAPSHOTS = 2

export interface SharePart {
  /** Issuer or network name, or OTHERS. */
  name: string
  /** TVL at each time of `at` (0 where the part was absent from that snapshot). */
  tvl: number[]
  /** Part of the sum over all parts at each time, 0 to 1 (0 when that sum is 0). */
  share: number[]
}

export interface ShareHistory {
  /** ms since epoch of each recorded snapshot, oldest first (downsampled as stored). */
  at: number[]
  /** Largest first by TVL over the whole span; OTHERS last when present. */
  parts: SharePart[]
  /** The names summed into OTHERS (empty when every part has its own series). */
  others: string[]
}

export interface AssetSharesView {
  symbol: string
  /** How many snapshots of the symbol the history holds. */
  snapshots: number
  /** ISO times of the oldest and newest snapshot; null when there is none. */
  from: string | null
  asOf: string | null
  issuers: ShareHistory
  networks: ShareHistory
  /** Why there is no chart (too little history, unreadable history), in plain words; else null. */
  reason: string | null
}
