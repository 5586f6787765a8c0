// An episode's words beyond its kind's own: the mark of one found under way, its end (the same
// whenever told, late included) and the flapping notices.
import { formatDuration } from './format'

/** Said of an episode found on the first trusted reading: it did not start while watched. */
const UNDER_WAY_AT_START = '(already under way when watching began)'

/** "TSLA TVL down 12.4 % in 7 days", with "(already under way when watching began)" when so. */
export function firedHeadline(headline: string, underWayAtStart: boolean): string {
  return underWayAtStart ? `${headline} ${UNDER_WAY_AT_START}` : headline
}

/** "TSLA 7-day TVL drop recovered after 2 h 15 min"; without the length when not known (news
 *  owed from a state file older than this wording). */
export function recoveredText(symbol: string, subject: string, durationMs?: number): string {
  const after = durationMs === undefined ? '' : ` after ${formatDuration(durationMs)}`
  return `${symbol} ${subject} recovered${after}`
}

/** "TSLA 7-day TVL drop is flapping: it changed state 5 times in the last 21 checks. …" */
export function flappingText(symbol: string, subject: string, changes: number, checks: number) {
  return (
    `${symbol} ${subject} is flapping: it changed state ${changes} times in the last ` +
    `${checks} checks. Its alerts are held until it settles.`
  )
}

/** "TSLA 7-day TVL drop stopped flapping; now OK: down 4.0 % in 7 days". */
export function flapEndedText(symbol: string, subject: string, state: string, reading: string) {
  return `${symbol} ${subject} stopped flapping; now ${state}: ${reading}`
}
