// The poll plan: which asset details a poll fetches once the bulk series are in. Pure.
// Small watchlists (all within the budget) fetch every detail every poll, as always. Above it,
// details go where they matter: alerts under way (never capped), symbols whose bulk figures breach
// or near a rule (within the budget, oldest first), a round-robin floor of the oldest details,
// symbols on screen, symbols the bulk cannot screen, then the oldest again up to the budget.
// Everything else is screened on bulk.
import { joinNames } from '../../../shared/plain-list'
import type { AssetDetail, AssetType, SeriesPoint } from '../../../shared/liquidity-schemas'
import { formatDuration } from '../alerts/text/format'
import type { Target } from '../alerts/rules'
import { newestDate } from '../../../shared/data-date'
import { isSourceStale } from '../alerts/read/source-freshness'
import { bulkFigures, screenCondition, type BulkFigures } from './bulk-screen'
import { lastTurn, type DetailAttempt } from './detail-attempts'

/**
 * Details per poll before tiering starts. With ≤ 2 bulk requests it keeps a poll at ≤ 52 requests
 * while nothing nears a rule (target: ≤ 60 on average at 1000 symbols), and it is what today's
 * design spent for 50 symbols, so watchlists up to 50 keep exactly today's requests.
 */
export const DEFAULT_DETAIL_BUDGET = 50

/** The oldest details refreshed every tiered poll whatever else is due: what bounds a detail's age. */
export function roundRobinFloor(budget: number): number {
  return Math.max(1, Math.ceil(budget / 5))
}

/** Every watched symbol's detail is fetched every poll (today's design). */
export function everyDetail(symbolCount: number, budget: number): boolean {
  return symbolCount <= budget
}

/**
 * The oldest a detail can get while polls run on schedule: each poll tries at least
 * `roundRobinFloor` of those tried longest ago, so every detail is tried within ⌈N / floor⌉ polls
 * (and refreshed, unless its request fails; a failing one takes only its own turn).
 */
export function detailAgeBoundMs(symbolCount: number, budget: number, intervalMs: number): number {
  if (everyDetail(symbolCount, budget)) return intervalMs
  return Math.ceil(symbolCount / roundRobinFloor(budget)) * intervalMs
}

export type DetailReason =
  'every-poll' | 'alert' | 'near-rule' | 'round-robin' | 'on-screen' | 'unscreened'

export interface CachedDetail {
  detail: AssetDetail | null
  fetchedAt: string | null
  /** The last request for it in this process, success or failure (detail-attempts.ts). */
  attempt?: DetailAttempt
}

export interface PlanInput {
  /** Watch order, then symbols named only by rules. */
  symbols: readonly string[]
  targets: readonly Target[]
  /** Alerts under way and parts missing (alerts/needs-detail.ts): judged on a detail every poll. */
  alertRelevant: ReadonlySet<string>
  cached: ReadonlyMap<string, CachedDetail>
  /** This poll's fresh bulk series per symbol, with its asset type; empty when the bulk failed. */
  series: ReadonlyMap<string, { assetType: AssetType; series: readonly SeriesPoint[] }>
  /** When the bulk series were fetched. */
  bulkFetchedAt: string
  visible: ReadonlySet<string>
  budget: number
  now: Date
}

export interface PollPlan {
  /** Details to fetch, in fetch order, with why. */
  fetch: Map<string, DetailReason>
  /** Symbols not fetched whose bulk figures cleared every rule: judged "screened". */
  screened: Map<string, BulkFigures>
  /** Near a rule on the bulk but past the budget: not judged this poll, first in line next time. */
  deferredNear: Set<string>
}

/** Figures the bulk can screen with: a series that is there and not stopped at the source. */
function screenable(input: PlanInput, symbol: string): BulkFigures | null {
  const s = input.series.get(symbol)
  if (s === undefined) return null
  const newest = newestDate(s.series)
  if (newest === null) return null
  if (isSourceStale({ newest, checkedAt: input.bulkFetchedAt }, input.now)) return null
  return bulkFigures(s.series, s.assetType, input.bulkFetchedAt)
}

/**
 * Tried longest ago first (never first of all), then watch order. By the last attempt, so a detail
 * that keeps failing takes its turn and no more; by the cached fetch time where this process has
 * not tried yet, so the round robin goes on across restarts.
 */
function oldestFirst(symbols: readonly string[], cached: PlanInput['cached']): string[] {
  const at = (s: string): number => {
    const c = cached.get(s)
    return lastTurn(c?.fetchedAt ?? null, c?.attempt)
  }
  return symbols
    .map((s, i) => ({ s, i, t: at(s) }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((x) => x.s)
}

export function planPoll(input: PlanInput): PollPlan {
  const { symbols, budget } = input
  const fetch = new Map<string, DetailReason>()
  const screened = new Map<string, BulkFigures>()
  if (everyDetail(symbols.length, budget)) {
    for (const s of symbols) fetch.set(s, 'every-poll')
    return { fetch, screened, deferredNear: new Set() }
  }

  const figures = new Map<string, BulkFigures>()
  const unscreened: string[] = []
  for (const s of symbols) {
    const f = screenable(input, s)
    if (f === null) unscreened.push(s)
    else figures.set(s, f)
  }
  const targetsOf = new Map<string, Target[]>()
  for (const t of input.targets) targetsOf.set(t.symbol, [...(targetsOf.get(t.symbol) ?? []), t])

  // Never capped: what today's per-symbol poll would have judged on a detail this poll.
  for (const s of symbols) if (input.alertRelevant.has(s)) fetch.set(s, 'alert')
  const unknown = new Set<string>()
  const near = new Set<string>()
  for (const [s, f] of figures) {
    if (fetch.has(s)) continue
    const verdicts = (targetsOf.get(s) ?? []).map((t) =>
      screenCondition(
        t.condition,
        f,
        input.cached.get(s)?.detail ?? null,
        input.series.get(s)?.series ?? [],
      ),
    )
    if (verdicts.includes('near')) near.add(s)
    else if (verdicts.includes('unknown')) unknown.add(s)
  }

  const floor = roundRobinFloor(budget)
  const total = Math.max(budget, fetch.size + floor)
  const oldest = oldestFirst(symbols, input.cached)
  const take = (list: readonly string[], reason: DetailReason, upTo: number): void => {
    for (const s of list) {
      if (fetch.size >= upTo) return
      if (!fetch.has(s)) fetch.set(s, reason)
    }
  }
  // Near a rule: as many as the budget leaves beside the floor and the rows on screen, oldest
  // first, so the budget holds on a day when much of the market nears a rule (the rest take their
  // turn next poll and are not judged meanwhile; a breach confirmed becomes an alert, uncapped).
  const onScreen = symbols.filter((s) => input.visible.has(s))
  const screenReserve = Math.min(floor, onScreen.filter((s) => !fetch.has(s)).length)
  take(
    oldest.filter((s) => near.has(s)),
    'near-rule',
    total - floor - screenReserve,
  )
  take(oldest, 'round-robin', fetch.size + floor)
  // What the user looks at gets up to a floor's worth of details even when alerts fill the budget.
  take(onScreen, 'on-screen', Math.max(total, fetch.size + floor))
  // Near ones that did not fit come before anything merely unscreened or old.
  take(
    oldest.filter((s) => near.has(s)),
    'near-rule',
    total,
  )
  const cannotScreen = new Set([...unscreened, ...unknown])
  take(
    oldest.filter((s) => cannotScreen.has(s)),
    'unscreened',
    total,
  )
  take(oldest, 'round-robin', total)

  for (const [s, f] of figures)
    if (!fetch.has(s) && !unknown.has(s) && !near.has(s)) screened.set(s, f)
  const deferredNear = new Set([...near].filter((s) => !fetch.has(s)))
  return { fetch, screened, deferredNear }
}

/**
 * The detail age bound in plain words, for the status bar and the CLI: what it assumes (a poll
 * every interval: a CLI run from cron at a longer cadence stretches it) and, while some symbols
 * have had no full check yet, how many.
 */
export function detailCoverageText(
  symbolCount: number,
  budget: number,
  intervalMs: number,
  unchecked = 0,
  /** Condition kinds of live rules the daily figures can never clear (issuer-drop, net-flow). */
  inTurn: readonly string[] = [],
): string {
  if (everyDetail(symbolCount, budget))
    return 'Every symbol gets a full check (its asset detail) every poll.'
  const bound = formatDuration(detailAgeBoundMs(symbolCount, budget, intervalMs))
  const first =
    unchecked > 0 ? `; ${unchecked} of them have not had their first full check yet.` : '.'
  const kinds = [...new Set(inTurn)].sort()
  const late =
    kinds.length === 0
      ? ''
      : ` Rules of kind ${joinNames(kinds)} need each symbol's own figures (its issuers, its price), which the daily figures do not have: they are judged as each symbol's full check comes round, so up to ${bound} late.`
  const which = kinds.length === 0 ? 'Alert rules are' : 'Other alert rules are'
  return (
    `${which} checked on the daily figures of all ${symbolCount} symbols every poll, and ` +
    `about ${budget} get a full check (their asset detail) per poll, at once any symbol near a ` +
    `limit or with an alert under way. Polling every ${formatDuration(intervalMs)}, every detail ` +
    `is at most ${bound} old${first}${late}`
  )
}
