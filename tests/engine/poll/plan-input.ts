// The poll plan's test input: a watchlist of n symbols under the default rules, each with a calm
// 31-day bulk series (poll-plan.test.ts, poll-plan-kinds.test.ts).
import { defaultRules, type AlertRule } from '../../../src/shared/alert-rules'
import type { SeriesPoint } from '../../../src/shared/liquidity-schemas'
import { liveTargets } from '../../../src/main/engine/alerts/rules'
import type { PlanInput } from '../../../src/main/engine/poll/poll-plan'

export const NOW = new Date('2026-03-02T12:00:00Z')
export const DAY = 86_400_000
/** A 31-day daily series ending today whose 7-day change is `pct7` percent. */
export function series(pct7: number): SeriesPoint[] {
  return Array.from({ length: 31 }, (_, k) => {
    const date = new Date(NOW.getTime() - (30 - k) * DAY).toISOString().slice(0, 10)
    const tvl = k === 30 ? 1_000_000 * (1 + pct7 / 100) : 1_000_000
    return { date, tvl, volume: 1 }
  })
}

export function input(
  n: number,
  o: Partial<PlanInput> = {},
  rules: AlertRule[] = defaultRules(),
): PlanInput {
  const symbols = Array.from({ length: n }, (_, i) => `S${i}`)
  return {
    symbols,
    targets: liveTargets(rules, symbols, NOW),
    alertRelevant: new Set(),
    cached: new Map(),
    series: new Map(symbols.map((s) => [s, { assetType: 'stock' as const, series: series(0) }])),
    bulkFetchedAt: NOW.toISOString(),
    visible: new Set(),
    budget: 50,
    now: NOW,
    ...o,
  }
}
