// A year with known drops for backtest tests (core, CLI, browser): TSLA dips three times, NVDA is
// flat. Dates are days before today (UTC), so a service on the real clock tells the same story.
import type { LocalService } from '../../src/dev-service/server'

const DAY_MS = 86_400_000

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

/**
 * TSLA, as a share of its level, `d` = days before today:
 * - d 84: 70 % (−30 % in a day), then +1.5 points a day for 20 days;
 * - d 35, 34, 33, 32, 31, 30, 29: 94, 88, 82 (d 32), 88, 94, 100 %;
 * - d 2: 75 % (−25 % in a day), climbing back over 30 days: still down today.
 * Under the default rule (7-day drop ≥ 10 %, 2 days pending, re-arm 2 points) that fires on d 83
 * (−28.5 %; d 84 was −30 %) and ends d 77 (80.5 % against d 84's 70 %: a rise); fires d 32 (−18 %,
 * d 33 was −12 %) and ends d 30 (−6 %: 2 points clear); fires d 1 (−24.25 %), still open.
 */
export function scriptKnownYear(svc: LocalService, nowMs: number): void {
  const midnight = Math.floor(nowMs / DAY_MS) * DAY_MS
  const daysAgo = (d: number): number => midnight - d * DAY_MS
  svc.scenarios.add({
    kind: 'known-drops',
    symbol: 'TSLA',
    drops: [
      { pct: 30, endsAt: daysAgo(84), windowDays: 1, recoverDays: 20 },
      { pct: 18, endsAt: daysAgo(32), windowDays: 3, recoverDays: 3 },
      { pct: 25, endsAt: daysAgo(2), windowDays: 1, recoverDays: 30 },
    ],
  })
  svc.scenarios.add({ kind: 'known-drops', symbol: 'NVDA', drops: [] })
}

/** The episodes above as dates, for a service whose clock reads `nowMs`. */
export function knownYearEpisodes(nowMs: number): { start: string; end: string | null }[] {
  const midnight = Math.floor(nowMs / DAY_MS) * DAY_MS
  const d = (n: number): string => dayOf(midnight - n * DAY_MS)
  return [
    { start: d(83), end: d(77) },
    { start: d(32), end: d(30) },
    { start: d(1), end: null },
  ]
}
