// The end of an episode, said the same way whenever it is told: when it happens, and when news
// held back (cooldown, flapping, figures that disagree) is told later.
import { formatDuration } from './format'

/** "TSLA 7-day TVL drop recovered after 2 h 15 min"; without the length when it is not known
 *  (news owed from a state file older than this wording). */
export function recoveredText(symbol: string, subject: string, durationMs?: number): string {
  const after = durationMs === undefined ? '' : ` after ${formatDuration(durationMs)}`
  return `${symbol} ${subject} recovered${after}`
}
