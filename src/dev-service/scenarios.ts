// Scripted stories on top of the demo data (a TVL drop, an issuer vanishing, a reported change that
// contradicts the history, data that stops advancing, a value that keeps crossing a threshold,
// pools lost on a network, TVL moving between issuers or leaving with one), so
// alerts and UI states can be produced on demand and deterministically.
import type { Catalog, Slice } from '../main/service/catalog-types'
import type { DataOverlay } from '../main/service/overlay'
import {
  scenarioSchema,
  type ActiveScenario,
  type KnownDrop,
  type Scenario,
} from './scenario-schema'
import {
  compileEffects,
  migrate,
  multiplier,
  NO_EFFECTS,
  priceFactor,
  turnover,
  type Effects,
} from './scenario-effects'

export { scenarioSchema, type ActiveScenario, type KnownDrop, type Scenario }

export class ScenarioError extends Error {
  override readonly name = 'ScenarioError'
}

/** The active scenarios: what the admin API lists, and the data model's overlay. */
export class ScenarioController implements DataOverlay {
  /** Bumped on every change so memoised days can be invalidated. */
  version = 0
  private seq = 0
  private readonly items = new Map<string, ActiveScenario>()
  private effects: Effects = NO_EFFECTS

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
      case 'volume-collapse':
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
    return priceFactor(this.effects, symbol, ms)
  }

  /** Factor applied to a slice's TVL and volume at `ms` (1 = untouched). */
  multiplier(slice: Slice, ms: number): number {
    return multiplier(this.effects, slice, ms)
  }

  /** The fraction of a slice's TVL traded per day at `ms` (volume-collapse stories). */
  turnover(slice: Slice, ms: number, generated: number): number {
    return turnover(this.effects, slice, ms, generated)
  }

  /** Moves TVL between issuers (issuer-migration) in place, before the other stories. */
  migrate(slices: readonly Slice[], tvl: Float64Array, ms: number): void {
    migrate(this.effects, slices, tvl, ms)
  }

  /** Whether a symbol's TVL is flat at its catalog level (known-drops: no noise). */
  isFlat(symbol: string): boolean {
    return this.effects.flats.has(symbol)
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
    this.effects = compileEffects(this.items.values())
  }
}
