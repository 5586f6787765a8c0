// How alerts read as desktop notifications: one alert, a digest of several, and history entries.
import type { AlertEvent, NotificationDecision } from '../../../shared/alert-rules'

const DIGEST_LINES = 6

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** An alert on figures that disagree is always marked where the user reads it (opt-in only). */
export function headline(e: AlertEvent): string {
  return e.verified ? e.message : `${e.message} (unverified)`
}

export function digestBody(events: AlertEvent[], extra: number): string {
  const lines = events.slice(0, DIGEST_LINES).map((e) => `• ${headline(e)}`)
  const more = events.length - lines.length + extra
  if (more > 0) lines.push(`… and ${more} more`)
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
  return {
    status: 'sent',
    title: headline(e),
    body: `Rule: ${e.ruleName}${note}`,
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
