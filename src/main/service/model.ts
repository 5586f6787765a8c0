// Values of every slice at an instant, memoised per day: past days never change (unless a
// scenario does), so the 365-day analytics calls reduce to array sums.
import type { Catalog, Slice } from './catalog-types'
import { assetLogTvl, DAY_MS, dayIndex, poolCountFor, sliceTurnover, sliceTvl } from './generator'
import type { DataOverlay } from './overlay'

/** Whole dollars per slice, so every sum in a response is exact. */
export interface Snapshot {
  ms: number
  tvl: Float64Array
  volume: Float64Array
  pools: Uint8Array
  /** Memoised group sums (per symbol, per issuer…): the same groups are summed on every call. */
  sums: Map<string, GroupSum>
}

export interface GroupSum {
  tvl: number
  volume: number
  pools: number
}

/** Sum of a group of slices in a snapshot; `key` must identify the group uniquely. */
export function groupSum(snap: Snapshot, key: string, slices: readonly Slice[]): GroupSum {
  let g = snap.sums.get(key)
  if (!g) {
    g = { tvl: 0, volume: 0, pools: 0 }
    for (const sl of slices) {
      g.tvl += snap.tvl[sl.index] as number
      g.volume += snap.volume[sl.index] as number
      g.pools += snap.pools[sl.index] as number
    }
    snap.sums.set(key, g)
  }
  return g
}

const MAX_CACHED_DAYS = 1200

export class DataModel {
  private readonly days = new Map<number, Snapshot>()
  private live: Snapshot | null = null
  private version = -1
  private readonly replies = new Map<string, unknown>()

  constructor(
    readonly catalog: Catalog,
    readonly overlay: DataOverlay,
  ) {}

  /**
   * The value a series shows for `day` when the clock reads `nowMs`: the start of that day (UTC)
   * for past days, the current value for today. So history["7d"] is the start of the window.
   */
  forDay(day: number, nowMs: number): Snapshot {
    this.checkVersion()
    if (day >= dayIndex(nowMs)) return this.at(nowMs)
    let snap = this.days.get(day)
    if (!snap) {
      snap = this.compute(day * DAY_MS)
      if (this.days.size >= MAX_CACHED_DAYS) this.days.clear()
      this.days.set(day, snap)
    }
    return snap
  }

  /** Values at an exact instant (today's live values); the last one is kept for repeat calls. */
  at(ms: number): Snapshot {
    this.checkVersion()
    if (this.live?.ms !== ms) this.live = this.compute(ms)
    return this.live
  }

  private checkVersion(): void {
    if (this.version === this.overlay.version) return
    this.version = this.overlay.version
    this.days.clear()
    this.live = null
    this.replies.clear()
  }

  /**
   * Memoises a built response per (request key, instant). Repeated polling of the heaviest
   * calls within one clock second costs a map lookup.
   */
  memo<T>(key: string, ms: number, build: () => T): T {
    this.checkVersion()
    const k = `${ms}|${key}`
    if (this.replies.has(k)) return this.replies.get(k) as T
    const value = build()
    if (this.replies.size >= 64) this.replies.clear()
    this.replies.set(k, value)
    return value
  }

  private compute(ms: number): Snapshot {
    const n = this.catalog.slices.length
    const snap: Snapshot = {
      ms,
      tvl: new Float64Array(n),
      volume: new Float64Array(n),
      pools: new Uint8Array(n),
      sums: new Map(),
    }
    const assetLog = new Map<string, number>()
    const raw = new Float64Array(n)
    for (const slice of this.catalog.slices) {
      const sym = slice.asset.symbol
      let a = assetLog.get(sym)
      if (a === undefined) assetLog.set(sym, (a = assetLogTvl(sym, ms)))
      // A known-drops story replaces the noise with the flat catalog level.
      raw[slice.index] = this.overlay.isFlat(sym) ? slice.baseTvl : sliceTvl(slice, ms, a)
    }
    // TVL moved between issuers first: the other stories act on where it is.
    this.overlay.migrate(this.catalog.slices, raw, ms)
    for (const slice of this.catalog.slices) {
      const tvl = Math.round((raw[slice.index] ?? 0) * this.overlay.multiplier(slice, ms))
      snap.tvl[slice.index] = tvl
      snap.volume[slice.index] = Math.round(
        tvl * this.overlay.turnover(slice, ms, sliceTurnover(slice, ms)),
      )
      snap.pools[slice.index] = Math.max(
        0,
        poolCountFor(tvl) - this.overlay.poolsRemoved(slice, ms),
      )
    }
    return snap
  }
}
