// How scripted stories may bend the generated demo data. The app serves the data as generated
// (NO_OVERLAY); the development service (src/dev-service) supplies its scenarios here, so the
// app's service never imports them.
import type { Slice } from './catalog-types'

export interface DataOverlay {
  /** Changes whenever the stories change, so memoised values are computed again. */
  readonly version: number
  /** Whether a symbol's TVL is flat at its catalog level (no noise). */
  isFlat(symbol: string): boolean
  /** Moves TVL between slices in place at `ms`, before the other stories. */
  migrate(slices: readonly Slice[], tvl: Float64Array, ms: number): void
  /** Factor on a slice's TVL and volume at `ms` (1 = untouched). */
  multiplier(slice: Slice, ms: number): number
  /** The fraction of a slice's TVL traded per day at `ms`, given the generated one. */
  turnover(slice: Slice, ms: number, generated: number): number
  /** Pools a slice has lost at `ms` (0 = none). */
  poolsRemoved(slice: Slice, ms: number): number
  /** Factor on a symbol's price at `ms` (1 = untouched). */
  priceFactor(symbol: string, ms: number): number
  /** The tvlChange a detail must report for a window instead of its own, if any. */
  reportedChange(symbol: string, window: '7d' | '30d'): number | undefined
  /** The instant a symbol's data stopped at, if it did. */
  frozenAt(symbol: string): number | undefined
  /** Issuers missing from a symbol's detail (`fromHistory`: from its history too). */
  missingIssuers(symbol: string, fromHistory?: boolean): Set<string>
}

/** The demo data as generated. */
export const NO_OVERLAY: DataOverlay = {
  version: 0,
  isFlat: () => false,
  migrate: () => {},
  multiplier: () => 1,
  turnover: (_slice, _ms, generated) => generated,
  poolsRemoved: () => 0,
  priceFactor: () => 1,
  reportedChange: () => undefined,
  frozenAt: () => undefined,
  missingIssuers: () => new Set(),
}

/** Two overlays as one (the app's demo stories under a development service's scenarios). */
export function bothOverlays(a: DataOverlay, b: DataOverlay): DataOverlay {
  return {
    // Each only grows, so their sum changes whenever either does.
    get version() {
      return a.version + b.version
    },
    isFlat: (s) => a.isFlat(s) || b.isFlat(s),
    migrate: (slices, tvl, ms) => {
      a.migrate(slices, tvl, ms)
      b.migrate(slices, tvl, ms)
    },
    multiplier: (slice, ms) => a.multiplier(slice, ms) * b.multiplier(slice, ms),
    turnover: (slice, ms, generated) => b.turnover(slice, ms, a.turnover(slice, ms, generated)),
    poolsRemoved: (slice, ms) => a.poolsRemoved(slice, ms) + b.poolsRemoved(slice, ms),
    priceFactor: (s, ms) => a.priceFactor(s, ms) * b.priceFactor(s, ms),
    reportedChange: (s, w) => a.reportedChange(s, w) ?? b.reportedChange(s, w),
    frozenAt: (s) => {
      const [x, y] = [a.frozenAt(s), b.frozenAt(s)]
      return x === undefined ? y : y === undefined ? x : Math.min(x, y)
    },
    missingIssuers: (s, h) => new Set([...a.missingIssuers(s, h), ...b.missingIssuers(s, h)]),
  }
}
