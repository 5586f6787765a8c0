// Scripted stories on top of the demo data (a TVL drop, an issuer vanishing, a reported change that
// contradicts the history, data that stops advancing, a value that keeps crossing a threshold,
// pools lost on a network, TVL moving between issuers or leaving with one), so
// alerts and UI states can be produced on demand and deterministically.
import type { Catalog, Slice } from '../main/service/catalog-types'
import {
  scenarioSchema,
  type ActiveScenario,
  type KnownDrop,
  type Scenario,
} from './scenario-schema'

const DAY_MS = 86_400_000

export { scenarioSchema, type ActiveScenario, type KnownDrop, type Scenario }

export class ScenarioError extends Error {
  override readonly name = 'ScenarioError'
}

interface Drop {
  id: string
  symbol: string
  issuer?: string
  network?: string
  fraction: number
  startMs: number
  endMs: number
  /** A price-move: the price falls too (the TVL falls with it, every slice alike). */
  priceMove?: boolean
}

/** Linear fall over the window, then it stays down. */
function dropFactor(d: Drop, ms: number): number {
  if (ms <= d.startMs) return 1
  const progress = ms >= d.endMs ? 1 : (ms - d.startMs) / (d.endMs - d.startMs)
  return 1 - d.fraction * progress
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

export class ScenarioController {
  /** Bumped on every change so memoised days can be invalidated. */
  version = 0
  private seq = 0
  private readonly items = new Map<string, ActiveScenario>()
  private drops: Drop[] = []
  private waves: Wave[] = []
  private dips: Dip[] = []
  private migrations: (Drop & { to: string })[] = []
  private flats = new Set<string>()

  constructor(
    private readonly catalog: Catalog,
    private readonly now: () => Date,
  ) {}

  /** Validates against the schema and the catalog; throws ScenarioError with a readable message. */
  add(input: Scenario): string {
    const r = scenarioSchema.safeParse(input)
    if (!r.success) {
      const msg = r.error.issues
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ')
      throw new ScenarioError(`Invalid scenario: ${msg}`)
    }
    const s = r.data
    const issuer =
      s.kind === 'tvl-drop' ||
      s.kind === 'issuer-missing' ||
      s.kind === 'pool-loss' ||
      s.kind === 'issuer-exit'
        ? s.issuer
        : s.kind === 'issuer-migration'
          ? s.from
          : undefined
    const network = s.kind === 'tvl-drop' || s.kind === 'pool-loss' ? s.network : undefined
    this.checkTarget(s.symbol, issuer, network)
    if (s.kind === 'issuer-migration') this.checkTarget(s.symbol, s.to)
    const id = `scn-${++this.seq}`
    // "Now" is the whole second: the service's answers are computed at whole seconds, so a story
    // starting now shows in the next answer, even one in the same second.
    const at = (t: Date | string | number | undefined): string =>
      new Date(
        t === undefined ? Math.floor(this.now().getTime() / 1000) * 1000 : new Date(t).getTime(),
      ).toISOString()
    switch (s.kind) {
      case 'tvl-drop':
      case 'price-move':
      case 'issuer-migration':
      case 'issuer-exit':
        this.items.set(id, { id, ...s, endsAt: at(s.endsAt) })
        break
      case 'frozen':
        this.items.set(id, { id, ...s, asOf: at(s.asOf) })
        break
      case 'oscillate':
        this.items.set(id, { id, ...s, startsAt: at(s.startsAt) })
        break
      case 'known-drops': {
        const drops = s.drops.map((d) => ({
          pct: d.pct,
          endsAt: at(d.endsAt),
          windowDays: d.windowDays,
          recoverDays: d.recoverDays ?? d.windowDays,
        }))
        this.items.set(id, { id, kind: s.kind, symbol: s.symbol, drops })
        break
      }
      case 'pool-loss':
        this.items.set(id, { id, ...s, from: at(s.from) })
        break
      default:
        this.items.set(id, { id, ...s })
    }
    this.changed()
    return id
  }

  remove(id: string): boolean {
    const had = this.items.delete(id)
    if (had) this.changed()
    return had
  }

  clear(): void {
    this.items.clear()
    this.changed()
  }

  list(): ActiveScenario[] {
    return [...this.items.values()].map((s) => ({ ...s }))
  }

  /** Factor applied to a symbol's price at `ms` by price-move scenarios (1 = untouched). */
  priceFactor(symbol: string, ms: number): number {
    let m = 1
    for (const d of this.drops) if (d.priceMove && d.symbol === symbol) m *= dropFactor(d, ms)
    return m
  }

  /** Factor applied to a slice's TVL and volume at `ms` (1 = untouched). */
  multiplier(slice: Slice, ms: number): number {
    let m = 1
    for (const d of this.drops) {
      if (d.symbol !== slice.asset.symbol) continue
      if (d.issuer !== undefined && d.issuer !== slice.issuer) continue
      if (d.network !== undefined && d.network !== slice.network) continue
      if (ms <= d.startMs) continue
      // Linear fall over the window, then it stays down.
      const progress = ms >= d.endMs ? 1 : (ms - d.startMs) / (d.endMs - d.startMs)
      m *= 1 - d.fraction * progress
    }
    for (const d of this.dips) {
      if (d.symbol !== slice.asset.symbol || ms <= d.startMs || ms > d.endMs) continue
      const depth =
        ms <= d.bottomMs
          ? (ms - d.startMs) / (d.bottomMs - d.startMs)
          : 1 - (ms - d.bottomMs) / (d.endMs - d.bottomMs)
      m *= 1 - d.fraction * depth
    }
    for (const w of this.waves) {
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
  migrate(slices: readonly Slice[], tvl: Float64Array, ms: number): void {
    for (const m of this.migrations) {
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

  /** Whether a symbol's TVL is flat at its catalog level (known-drops: no noise). */
  isFlat(symbol: string): boolean {
    return this.flats.has(symbol)
  }

  /** Pools a slice has lost at `ms` (pool-loss scenarios; 0 = none). */
  poolsRemoved(slice: Slice, ms: number): number {
    let n = 0
    for (const s of this.items.values()) {
      if (s.kind !== 'pool-loss' || s.symbol !== slice.asset.symbol) continue
      if (s.network !== slice.network || (s.issuer !== undefined && s.issuer !== slice.issuer))
        continue
      if (ms >= Date.parse(s.from)) n += s.pools
    }
    return n
  }

  /** The tvlChange the detail must report for a window instead of its own, if scripted. */
  reportedChange(symbol: string, window: '7d' | '30d'): number | undefined {
    let out: number | undefined
    for (const s of this.items.values())
      if (s.kind === 'reported-change' && s.symbol === symbol && s.window === window)
        out = s.tvlChange
    return out
  }

  /** The instant a symbol's data stopped at, if scripted (the earliest, if several). */
  frozenAt(symbol: string): number | undefined {
    let out: number | undefined
    for (const s of this.items.values()) {
      if (s.kind !== 'frozen' || s.symbol !== symbol) continue
      const ms = Date.parse(s.asOf)
      if (out === undefined || ms < out) out = ms
    }
    return out
  }

  /** Issuers that must vanish from this asset's detail (`fromHistory`: from its history too). */
  missingIssuers(symbol: string, fromHistory = false): Set<string> {
    const out = new Set<string>()
    for (const s of this.items.values()) {
      if (s.kind !== 'issuer-missing' || s.symbol !== symbol) continue
      if (!fromHistory || s.keepInHistory !== true) out.add(s.issuer)
    }
    return out
  }

  private checkTarget(symbol: string, issuer?: string, network?: string): void {
    const slices = this.catalog.slicesBySymbol.get(symbol)
    if (!slices) throw new ScenarioError(`Invalid scenario: unknown symbol ${symbol}`)
    const ofIssuer = issuer === undefined ? slices : slices.filter((s) => s.issuer === issuer)
    if (ofIssuer.length === 0) {
      const known = [...new Set(slices.map((s) => s.issuer))].join(', ')
      throw new ScenarioError(
        `Invalid scenario: ${issuer} does not issue ${symbol} (issuers: ${known})`,
      )
    }
    if (network !== undefined && !ofIssuer.some((s) => s.network === network)) {
      const known = [...new Set(ofIssuer.map((s) => s.network))].join(', ')
      throw new ScenarioError(
        `Invalid scenario: ${symbol}${issuer ? ` of ${issuer}` : ''} is not on ${network} (networks: ${known})`,
      )
    }
  }

  private changed(): void {
    this.version++
    this.drops = []
    this.waves = []
    this.dips = []
    this.migrations = []
    this.flats = new Set()
    for (const s of this.items.values()) {
      if (s.kind === 'known-drops') {
        this.flats.add(s.symbol)
        for (const d of s.drops) {
          const bottomMs = Date.parse(d.endsAt)
          this.dips.push({
            symbol: s.symbol,
            fraction: d.pct / 100,
            startMs: bottomMs - d.windowDays * DAY_MS,
            bottomMs,
            endMs: bottomMs + d.recoverDays * DAY_MS,
          })
        }
      }
      if (s.kind === 'oscillate') {
        const halfMs = (s.periodMinutes * 60_000) / 2
        this.waves.push({
          symbol: s.symbol,
          fraction: s.pct / 100,
          halfMs,
          startMs: Date.parse(s.startsAt),
        })
      }
      if (s.kind === 'issuer-migration') {
        const endMs = Date.parse(s.endsAt)
        this.migrations.push({
          id: s.id,
          symbol: s.symbol,
          issuer: s.from,
          to: s.to,
          fraction: s.pct / 100,
          startMs: endMs - s.windowDays * DAY_MS,
          endMs,
        })
        continue
      }
      if (s.kind === 'issuer-exit') {
        const endMs = Date.parse(s.endsAt)
        const { id, symbol, issuer } = s
        this.drops.push({
          id,
          symbol,
          issuer,
          fraction: s.pct / 100,
          startMs: endMs - s.windowDays * DAY_MS,
          endMs,
        })
        continue
      }
      if (s.kind !== 'tvl-drop' && s.kind !== 'price-move') continue
      const endMs = Date.parse(s.endsAt)
      this.drops.push({
        id: s.id,
        symbol: s.symbol,
        ...(s.kind === 'tvl-drop' ? { issuer: s.issuer, network: s.network } : { priceMove: true }),
        fraction: s.pct / 100,
        startMs: endMs - s.windowDays * DAY_MS,
        endMs,
      })
    }
  }
}
