// The away digest's words: its title, its list, and the line a single alert found on return gets.
import type { AwayDigest } from '../../../../shared/away-digest'
import { formatDuration } from './format'
import { moreText, plural } from './notification-text'

const BODY_LINES = 8

/** "TSLA: “TVL drop” still firing since 09:12". */
export function stillFiringText(symbol: string, ruleName: string, since: string | null): string {
  return `${symbol}: “${ruleName}” still firing${since !== null ? ` since ${since}` : ''}`
}

/** "While you were away (9 h): 2 alerts fired, 1 resolved, 1 still firing". */
export function awayTitle(
  awayMs: number,
  n: { fired: number; resolved: number; others: number; still: number },
): string {
  const parts: string[] = []
  if (n.fired > 0) parts.push(`${plural(n.fired, 'alert')} fired`)
  if (n.resolved > 0)
    parts.push(n.fired > 0 ? `${n.resolved} resolved` : `${plural(n.resolved, 'alert')} resolved`)
  if (n.others > 0) parts.push(plural(n.others, 'other notice'))
  if (n.still > 0) parts.push(`${n.still} still firing`)
  return `While you were away (${formatDuration(awayMs)}): ${parts.join(', ')}`
}

/** A digest of one alert is that alert's notification, with this line. */
export function foundOnReturnText(awayMs: number): string {
  return `While you were away (${formatDuration(awayMs)}): found on the first check back.`
}

/** The notification's body: the list, new news first, with "still firing" marked. */
export function awayBody(d: AwayDigest): string {
  const lines = d.items.slice(0, BODY_LINES).map((i) => {
    const still = i.kind === 'fired' ? ' (still firing)' : ''
    const market = i.market === null ? '' : ` — ${i.market}`
    return i.kind === 'still-firing' ? `• ${i.text}` : `• ${i.text}${still}${market}`
  })
  if (d.items.length > BODY_LINES) lines.push(moreText(d.items.length - BODY_LINES))
  return lines.join('\n')
}
