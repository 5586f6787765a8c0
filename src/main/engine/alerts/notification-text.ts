// How alerts read as desktop notifications: one alert, a digest of several, and history entries.
import type { AlertEvent, NotificationDecision } from '../../../shared/alert-rules'
import { whileMarket } from '../../../shared/market-hours'

const DIGEST_LINES = 6

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** An alert on figures that disagree is always marked where the user reads it (opt-in only). */
export function headline(e: AlertEvent): string {
  return e.verified ? e.message : `${e.message} (unverified)`
}

/** "While the US market was closed (weekend)." for a stock or commodity; null for other assets. */
export function marketLine(e: AlertEvent): string | null {
  if (e.market === undefined) return null
  const text = whileMarket(e.market)
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`
}

/**
 * The digest's lines, each with its market's state; said once at the end instead when every
 * alert's market stood the same way (the usual case: one poll, one moment).
 */
export function digestBody(events: AlertEvent[], extra: number): string {
  const shown = events.slice(0, DIGEST_LINES)
  const markets = new Set(events.map((e) => (e.market ? whileMarket(e.market) : null)))
  const common = markets.size === 1 ? (events[0] ? marketLine(events[0]) : null) : null
  const lines = shown.map((e) =>
    common !== null || e.market === undefined
      ? `• ${headline(e)}`
      : `• ${headline(e)} — ${whileMarket(e.market)}`,
  )
  const more = events.length - lines.length + extra
  if (more > 0) lines.push(`… and ${more} more`)
  if (common !== null) lines.push(common)
  if (events.some((e) => !e.verified))
    lines.push('(unverified): the service’s own change figure disagrees with its history.')
  return lines.join('\n')
}

export function oneSymbol(events: AlertEvent[]): string | null {
  const symbols = new Set(events.map((e) => e.symbol))
  return symbols.size === 1 ? (events[0]?.symbol ?? null) : null
}

export function single(e: AlertEvent, disagreement: string | null): NotificationDecision {
  const note = e.verified
    ? ''
    : `\n${disagreement ?? 'figures disagree'}: check the data before acting on it.`
  const market = marketLine(e)
  return {
    status: 'sent',
    title: headline(e),
    body: `Rule: ${e.ruleName}${market === null ? '' : `\n${market}`}${note}`,
    symbol: e.symbol,
    eventIds: [e.id],
  }
}

export function logEntry(
  type: 'held' | 'delivered' | 'dropped',
  e: AlertEvent,
  text: string,
  id: string,
  at: string,
): AlertEvent {
  const { durationMs: _d, ...rest } = e
  return { ...rest, id, at, type, message: `${text}: ${e.message}` }
}
