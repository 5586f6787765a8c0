// Raw values of one slice (or asset) at an instant: a pure function of the time, no state.
// Log-space noise keeps TVL positive and makes moves proportional, like real markets.
import type { Asset, Slice } from './catalog-types'
import { octaves, seedOf } from './hash'

export const DAY_MS = 86_400_000

/** [period in days, amplitude in log units]. The 6-hour octave makes minute-by-minute polling
 *  show movement; the slow ones give weeks-long trends and drawdowns. */
const SLICE_OCTAVES = [
  [0.25, 0.006],
  [3, 0.035],
  [17, 0.08],
  [70, 0.2],
] as const
/** Shared by every slice of an asset, so issuers of one stock move together. */
const ASSET_OCTAVES = [
  [5, 0.04],
  [40, 0.1],
  [160, 0.25],
] as const
const TURNOVER_OCTAVES = [
  [2, 0.6],
  [11, 0.4],
] as const
const PRICE_OCTAVES = [
  [0.5, 0.004],
  [6, 0.03],
  [45, 0.09],
] as const

const assetSeeds = new Map<string, number>()
function assetSeed(symbol: string): number {
  let s = assetSeeds.get(symbol)
  if (s === undefined) assetSeeds.set(symbol, (s = seedOf('asset', symbol)))
  return s
}

function days(ms: number): number {
  return ms / DAY_MS
}

/** The asset-wide component of log TVL at `ms` (computed once per asset, shared by its slices). */
export function assetLogTvl(symbol: string, ms: number): number {
  return octaves(assetSeed(symbol), days(ms), ASSET_OCTAVES)
}

/** Unrounded TVL of a slice at `ms`, before scenarios. */
export function sliceTvl(
  slice: Slice,
  ms: number,
  assetLog = assetLogTvl(slice.asset.symbol, ms),
): number {
  return slice.baseTvl * Math.exp(octaves(slice.seed, days(ms), SLICE_OCTAVES) + assetLog)
}

/** Fraction of TVL traded per day (3 %–35 %): volume = TVL × turnover. */
export function sliceTurnover(slice: Slice, ms: number): number {
  const n = octaves(slice.seed ^ 0x5bd1e995, days(ms), TURNOVER_OCTAVES)
  return 0.03 + 0.32 * ((n + 1) / 2) ** 2
}

/** Price of the underlying, USD with cents. */
export function assetPrice(asset: Asset, ms: number): number {
  const p =
    asset.price * Math.exp(octaves(assetSeed(asset.symbol) ^ 0x27d4eb2f, days(ms), PRICE_OCTAVES))
  return Math.round(p * 100) / 100
}

/** Pools a slice has at a TVL: deeper liquidity attracts more venues. */
export function poolCountFor(tvl: number): number {
  return 1 + (tvl > 2_000_000 ? 1 : 0) + (tvl > 12_000_000 ? 1 : 0)
}

export function dayIndex(ms: number): number {
  return Math.floor(ms / DAY_MS)
}

const isoDays = new Map<number, string>()
/** YYYY-MM-DD of a day index (memoised: long series format the same dates on every call). */
export function isoDay(day: number): string {
  let s = isoDays.get(day)
  if (s === undefined) {
    if (isoDays.size > 5000) isoDays.clear()
    s = new Date(day * DAY_MS).toISOString().slice(0, 10)
    isoDays.set(day, s)
  }
  return s
}
