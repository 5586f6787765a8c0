// The active scenarios compiled into what they do to the numbers: drops, dips and waves on a
// slice's TVL, TVL moved between issuers. Recompiled on every change, read on every computed day.
import type { Slice } from '../main/service/catalog-types'
import type { ActiveScenario } from './scenario-schema'

const DAY_MS = 86_400_000

/** A linear fall over a window that then stays down. */
interface Drop {
  symbol: string
  issuer?: string
  network?: string
  fraction: number
  startMs: number
  endMs: number
  /** A price-move: the price falls too (the TVL falls with it, every slice alike). */
  priceMove?: boolean
}

/** A known drop in clock ms: down from startMs to bottomMs, back up by endMs. */
interface Dip {
  symbol: string
  fraction: number
  startMs: number
  bottomMs: number
  endMs: number
}

interface Wave {
  symbol: string
  fraction: number
  halfMs: number
  startMs: number
}

export interface Effects {
  drops: Drop[]
  waves: Wave[]
  dips: Dip[]
  migrations: (Drop & { to: string })[]
  /** Symbols whose TVL is flat at the catalog level (known-drops: no noise). */
  flats: Set<string>
  /** volume-collapse: a steady turnover, `factor` of it between startMs and endMs. */
  volumes: { symbol: string; factor: number; startMs: number; endMs: number }[]
}

export const NO_EFFECTS: Effects = {
  drops: [],
  waves: [],
  dips: [],
  migrations: [],
  flats: new Set(),
  volumes: [],
}

/** Linear fall over the window, then it stays down. */
function dropFactor(d: Drop, ms: number): number {
  if (ms <= d.startMs) return 1
  const progress = ms >= d.endMs ? 1 : (ms - d.startMs) / (d.endMs - d.startMs)
  return 1 - d.fraction * progress
}

/** A fall of `pct` % over `windowDays` that ends at `endsAt`. */
function fallWindow(pct: number, windowDays: number, endsAt: string) {
  const endMs = Date.parse(endsAt)
  return { fraction: pct / 100, startMs: endMs - windowDays * DAY_MS, endMs }
}

export function compileEffects(items: Iterable<ActiveScenario>): Effects {
  const e: Effects = {
    drops: [],
    waves: [],
    dips: [],
    migrations: [],
    flats: new Set(),
    volumes: [],
  }
  for (const s of items) {
    switch (s.kind) {
      case 'volume-collapse': {
        const startMs = Date.parse(s.from)
        const endMs = s.days === undefined ? Infinity : startMs + s.days * DAY_MS
        e.volumes.push({ symbol: s.symbol, factor: 1 - s.pct / 100, startMs, endMs })
        break
      }
      case 'known-drops':
        e.flats.add(s.symbol)
        for (const d of s.drops) {
          const bottomMs = Date.parse(d.endsAt)
          e.dips.push({
            symbol: s.symbol,
            fraction: d.pct / 100,
            startMs: bottomMs - d.windowDays * DAY_MS,
            bottomMs,
            endMs: bottomMs + d.recoverDays * DAY_MS,
          })
        }
        break
      case 'oscillate':
        e.waves.push({
          symbol: s.symbol,
          fraction: s.pct / 100,
          halfMs: (s.periodMinutes * 60_000) / 2,
          startMs: Date.parse(s.startsAt),
        })
        break
      case 'issuer-migration':
        e.migrations.push({
          symbol: s.symbol,
          issuer: s.from,
          to: s.to,
          ...fallWindow(s.pct, s.windowDays, s.endsAt),
        })
        break
      case 'issuer-exit':
        e.drops.push({
          symbol: s.symbol,
          issuer: s.issuer,
          ...fallWindow(s.pct, s.windowDays, s.endsAt),
        })
        break
      case 'tvl-drop':
        e.drops.push({
          symbol: s.symbol,
          issuer: s.issuer,
          network: s.network,
          ...fallWindow(s.pct, s.windowDays, s.endsAt),
        })
        break
      case 'price-move':
        e.drops.push({
          symbol: s.symbol,
          priceMove: true,
          ...fallWindow(s.pct, s.windowDays, s.endsAt),
        })
        break
    }
  }
  return e
}

/** Factor on a symbol's price at `ms` from price-move scenarios (1 = untouched). */
export function priceFactor(e: Effects, symbol: string, ms: number): number {
  let m = 1
  for (const d of e.drops) if (d.priceMove && d.symbol === symbol) m *= dropFactor(d, ms)
  return m
}

/** Factor on a slice's TVL and volume at `ms` (1 = untouched). */
export function multiplier(e: Effects, slice: Slice, ms: number): number {
  let m = 1
  for (const d of e.drops) {
    if (d.symbol !== slice.asset.symbol) continue
    if (d.issuer !== undefined && d.issuer !== slice.issuer) continue
    if (d.network !== undefined && d.network !== slice.network) continue
    m *= dropFactor(d, ms)
  }
  for (const d of e.dips) {
    if (d.symbol !== slice.asset.symbol || ms <= d.startMs || ms > d.endMs) continue
    const depth =
      ms <= d.bottomMs
        ? (ms - d.startMs) / (d.bottomMs - d.startMs)
        : 1 - (ms - d.bottomMs) / (d.endMs - d.bottomMs)
    m *= 1 - d.fraction * depth
  }
  for (const w of e.waves) {
    if (w.symbol !== slice.asset.symbol || ms < w.startMs) continue
    // The first half period is the low one, so the move shows at once.
    if (Math.floor((ms - w.startMs) / w.halfMs) % 2 === 0) m *= 1 - w.fraction
  }
  return m
}

/**
 * Moves TVL between issuers (issuer-migration), in place on the slices' TVL at `ms` before the
 * other stories: the `from` issuer's slices lose the moved fraction, the `to` issuer's slices gain
 * the same dollars in proportion to their own TVL, so the symbol's total is unchanged.
 */
export function migrate(e: Effects, slices: readonly Slice[], tvl: Float64Array, ms: number): void {
  for (const m of e.migrations) {
    const f = dropFactor(m, ms)
    if (f === 1) continue
    const mine = slices.filter((s) => s.asset.symbol === m.symbol)
    const from = mine.filter((s) => s.issuer === m.issuer)
    const to = mine.filter((s) => s.issuer === m.to)
    const toSum = to.reduce((a, s) => a + (tvl[s.index] ?? 0), 0)
    let moved = 0
    for (const s of from) {
      moved += (tvl[s.index] ?? 0) * (1 - f)
      tvl[s.index] = (tvl[s.index] ?? 0) * f
    }
    for (const s of to) {
      const share = toSum > 0 ? (tvl[s.index] ?? 0) / toSum : 1 / to.length
      tvl[s.index] = (tvl[s.index] ?? 0) + moved * share
    }
  }
}

/** The steady turnover of a volume-collapse story (10 % of TVL a day). */
const STEADY_TURNOVER = 0.1

/** The fraction of TVL traded per day at `ms`: the generated one unless a story sets it. */
export function turnover(e: Effects, slice: Slice, ms: number, generated: number): number {
  const mine = e.volumes.filter((v) => v.symbol === slice.asset.symbol)
  if (mine.length === 0) return generated
  let t = STEADY_TURNOVER
  for (const v of mine) if (ms >= v.startMs && ms < v.endMs) t *= v.factor
  return t
}
