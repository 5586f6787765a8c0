// The demo stories the app itself plays on its demo data (the demo badge's "Try a story"): a TVL
// drop, an issuer migration, an issuer exit, a price move, each on a watched symbol from the moment
// it is played until "back to normal". Unlike the development scenarios (src/dev-service), a story
// is a step, not a slope: the values change at once against the 7-day-ago start of the window, so
// the default rule (7-day TVL down 10 %, two polls) fires on the second poll and resolves once the
// story ends. One story at a time.
import { DEMO_STORY_SIZE, type DemoStory, type DemoStoryView } from '../../shared/demo-stories'
import { getCatalog } from './catalog'
import type { Catalog, Slice } from './catalog-types'
import { NO_OVERLAY, type DataOverlay } from './overlay'

const { drop: DROP, migration: MIGRATED, exit: EXITED, 'price-move': PRICE_FALL } = DEMO_STORY_SIZE

interface Playing extends DemoStoryView {
  startMs: number
  /** migration: from → to; exit: from. */
  from?: string
  to?: string
}

const pct = (f: number): string => `${Math.round(f * 100)} %`

export class DemoStories implements DataOverlay {
  version = 0
  private playing: Playing | null = null

  constructor(
    private readonly now: () => number,
    private readonly catalog: Catalog = getCatalog(),
  ) {}

  /** The story playing, if any. */
  current(): DemoStoryView | null {
    if (!this.playing) return null
    const { story, symbol, since, line } = this.playing
    return { story, symbol, since, line }
  }

  /**
   * Plays `story` on the first of `symbols` the demo data has that suits it (replacing any story
   * playing); null when none does. Starts at the whole second: the service answers at whole seconds.
   */
  play(story: DemoStory, symbols: readonly string[]): DemoStoryView | null {
    const startMs = Math.floor(this.now() / 1000) * 1000
    for (const symbol of symbols) {
      const issuers = this.issuersBySize(symbol)
      if (
        issuers.length === 0 ||
        (story !== 'drop' && story !== 'price-move' && issuers.length < 2)
      )
        continue
      const [first, second] = issuers as [IssuerSize, IssuerSize | undefined]
      const base = { story, symbol, since: new Date(startMs).toISOString(), startMs }
      this.playing =
        story === 'migration' && second
          ? {
              ...base,
              from: first.issuer,
              to: second.issuer,
              line: migrationLine(symbol, first, second),
            }
          : story === 'exit' && second
            ? { ...base, from: first.issuer, line: exitLine(symbol, first) }
            : { ...base, line: story === 'drop' ? dropLine(symbol) : priceLine(symbol) }
      this.version++
      return this.current()
    }
    return null
  }

  /** Back to normal: the generated values again, from now on and for the past alike. */
  recover(): void {
    if (!this.playing) return
    this.playing = null
    this.version++
  }

  private issuersBySize(symbol: string): IssuerSize[] {
    const by = new Map<string, number>()
    for (const s of this.catalog.slicesBySymbol.get(symbol) ?? [])
      by.set(s.issuer, (by.get(s.issuer) ?? 0) + s.baseTvl)
    const total = [...by.values()].reduce((a, b) => a + b, 0)
    return [...by]
      .map(([issuer, tvl]) => ({ issuer, share: total > 0 ? tvl / total : 0 }))
      .sort((a, b) => b.share - a.share)
  }

  /** The story's own, while it plays and from its start. */
  private on(symbol: string, ms: number): Playing | null {
    const p = this.playing
    return p && p.symbol === symbol && ms >= p.startMs ? p : null
  }

  isFlat = NO_OVERLAY.isFlat
  poolsRemoved = NO_OVERLAY.poolsRemoved
  reportedChange = NO_OVERLAY.reportedChange
  frozenAt = NO_OVERLAY.frozenAt
  missingIssuers = NO_OVERLAY.missingIssuers

  migrate(slices: readonly Slice[], tvl: Float64Array, ms: number): void {
    const p = this.playing
    if (p?.story !== 'migration' || !this.on(p.symbol, ms)) return
    const mine = slices.filter((s) => s.asset.symbol === p.symbol)
    const to = mine.filter((s) => s.issuer === p.to)
    const toSum = to.reduce((a, s) => a + (tvl[s.index] ?? 0), 0)
    let moved = 0
    for (const s of mine.filter((x) => x.issuer === p.from)) {
      moved += (tvl[s.index] ?? 0) * MIGRATED
      tvl[s.index] = (tvl[s.index] ?? 0) * (1 - MIGRATED)
    }
    // The same dollars arrive at the other issuer, in proportion to its networks' TVL.
    for (const s of to)
      tvl[s.index] =
        (tvl[s.index] ?? 0) + moved * (toSum > 0 ? (tvl[s.index] ?? 0) / toSum : 1 / to.length)
  }

  multiplier(slice: Slice, ms: number): number {
    const p = this.on(slice.asset.symbol, ms)
    if (p?.story === 'drop') return 1 - DROP
    if (p?.story === 'price-move') return 1 - PRICE_FALL // the same tokens at a lower price
    if (p?.story === 'exit' && slice.issuer === p.from) return 1 - EXITED
    return 1
  }

  /** The stories move TVL and price; trading keeps its generated share of TVL. */
  turnover(_slice: Slice, _ms: number, generated: number): number {
    return generated
  }

  priceFactor(symbol: string, ms: number): number {
    return this.on(symbol, ms)?.story === 'price-move' ? 1 - PRICE_FALL : 1
  }
}

interface IssuerSize {
  issuer: string
  share: number
}

const FIRES =
  'the 7-day drop rule sees it on the next poll and fires on the one after; “back to normal” resolves it'

function dropLine(symbol: string): string {
  return `${symbol} loses ${pct(DROP)} of its TVL now: ${FIRES}.`
}

function priceLine(symbol: string): string {
  return `${symbol}’s price falls ${pct(PRICE_FALL)} and its TVL with it, no token leaves: ${FIRES}; the asset view’s flow vs price puts it on the price.`
}

function migrationLine(symbol: string, from: IssuerSize, to: IssuerSize): string {
  return `${pct(MIGRATED)} of ${from.issuer}’s ${symbol} moves to ${to.issuer} now: the total stays, so the 7-day drop rule stays quiet; the asset view’s issuer moves call it a migration.`
}

function exitLine(symbol: string, who: IssuerSize): string {
  return `${who.issuer} takes ${pct(EXITED)} of its ${symbol} out now (about ${pct(who.share * EXITED)} of the TVL, nowhere else): the issuer moves call it an exit, and ${FIRES}.`
}
