// The soak's invariants, one definition: `npm run soak` prints them, the small soak in npm test
// asserts them.
import { MIN_HEAP_POLLS, type SoakReport } from './soak-report'

/** Heap growth per poll we still call flat: well under one cached response per 100 polls. */
export const HEAP_SLOPE_LIMIT = 512

export interface Verdict {
  name: string
  /** What was measured, for the printout. */
  value: string
  pass: boolean
}

export function verdicts(r: SoakReport): Verdict[] {
  const slope = r.heap.slopeBytesPerPoll
  const none = (name: string, found: string[]): Verdict => ({
    name,
    value: String(found.length),
    pass: found.length === 0,
  })
  return [
    none('crashes', r.crashes),
    none('NaN / Infinity', r.nonFinite),
    none('false alerts (truth shows no breach)', r.falseAlerts),
    {
      name: 'most notifications per rule/symbol in an hour',
      value: String(r.maxPerRuleSymbolHour),
      pass: r.maxPerRuleSymbolHour <= 1,
    },
    none('cache unreadable after a poll', r.cacheUnreadable),
    {
      name: 'heap slope (bytes/poll, after warm-up)',
      value:
        slope !== null
          ? slope.toFixed(1)
          : r.polls < MIN_HEAP_POLLS
            ? `not measured (fewer than ${MIN_HEAP_POLLS} polls: warm-up dominates)`
            : 'not measured (run with --expose-gc)',
      pass: slope === null || slope <= HEAP_SLOPE_LIMIT,
    },
  ]
}

/** What broke, one line each (the first few), for a failed verdict's explanation. */
export function soakDetails(r: SoakReport, max = 20): string[] {
  return [...r.crashes, ...r.nonFinite, ...r.falseAlerts, ...r.floods, ...r.cacheUnreadable].slice(
    0,
    max,
  )
}
