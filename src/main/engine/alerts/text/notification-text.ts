// How alerts read as desktop notifications: one alert, a digest of several, and history entries.
// Each says how old its data is ("Data as of 14:05 UTC+2"), in the user's zone.
import type { AlertEvent, NotificationDecision } from '../../../../shared/alert-rules'
import { localWhen, zoneName, type UtcOffset } from '../../../../shared/local-time'
import { whileMarket } from '../../../../shared/market-hours'

/** When a notification is made and in which zone its times read. */
export interface TextTime {
  now: Date
  tz: UtcOffset
}

const DIGEST_LINES = 6

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** "… and 3 more" (a digest's list cut short). */
export function moreText(n: number): string {
  return `… and ${n} more`
}

/** A digest's title: "3 Liquidity Watch alerts". */
export function digestTitle(n: number): string {
  return plural(n, 'Liquidity Watch alert')
}

/** An alert on figures that disagree is always marked where the user reads it (opt-in only). */
export function headline(e: AlertEvent): string {
  return e.verified ? e.message : `${e.message} (unverified)`
}

/** A digest's line, or an away item's: a recovery says what the value came back to. */
export function newsLine(e: AlertEvent): string {
  const back = e.recovery
  if (e.type !== 'resolved' || back === undefined) return headline(e)
  // The recovery text leads with the symbol; in a line after the headline it need not again.
  const value = back.startsWith(`${e.symbol} `) ? back.slice(e.symbol.length + 1) : back
  return `${headline(e)}: ${value}`
}

/** When the data the events rest on was fetched, oldest first. */
const asOfs = (events: AlertEvent[]): string[] => events.flatMap((e) => e.asOf ?? []).sort()

/** The oldest data the events rest on (a notification is as old as its oldest figure), if known. */
export function asOfField(events: AlertEvent[]): { asOf?: string } {
  const [oldest] = asOfs(events)
  return oldest === undefined ? {} : { asOf: oldest }
}

/** "Data as of 14:05 UTC+2." — or "from 13:05 to 14:05" when a digest's data differ; null: none known. */
export function asOfLine(events: AlertEvent[], t: TextTime): string | null {
  const times = asOfs(events)
  const [first, last] = [times[0], times.at(-1)]
  if (first === undefined || last === undefined) return null
  const when = (iso: string): string => localWhen(new Date(iso), t.now, t.tz)
  const zone = zoneName(new Date(last), t.tz)
  return first === last
    ? `Data as of ${when(first)} ${zone}.`
    : `Data from ${when(first)} to ${when(last)} ${zone}.`
}

/** The (rule, symbol) pairs of alert events (a snooze from the notification snoozes these). */
function targetsOf(events: AlertEvent[]): { ruleId: string; symbol: string }[] {
  const out: { ruleId: string; symbol: string }[] = []
  for (const { ruleId, symbol } of events)
    if (!out.some((t) => t.ruleId === ruleId && t.symbol === symbol)) out.push({ ruleId, symbol })
  return out
}

/** The fields every sent decision about alerts carries besides its text. */
export function aboutEvents(events: AlertEvent[]) {
  const eventIds = events.map((e) => e.id)
  return { symbol: oneSymbol(events), eventIds, ...asOfField(events), targets: targetsOf(events) }
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
export function digestBody(events: AlertEvent[], extra: number, t: TextTime): string {
  const shown = events.slice(0, DIGEST_LINES)
  const markets = new Set(events.map((e) => (e.market ? whileMarket(e.market) : null)))
  const common = markets.size === 1 ? (events[0] ? marketLine(events[0]) : null) : null
  const lines = shown.map((e) =>
    common !== null || e.market === undefined
      ? `• ${newsLine(e)}`
      : `• ${newsLine(e)} — ${whileMarket(e.market)}`,
  )
  const more = events.length - lines.length + extra
  if (more > 0) lines.push(moreText(more))
  if (common !== null) lines.push(common)
  const asOf = asOfLine(events, t)
  if (asOf !== null) lines.push(asOf)
  if (events.some((e) => !e.verified))
    lines.push('(unverified): the service’s own change figure disagrees with its history.')
  return lines.join('\n')
}

function oneSymbol(events: AlertEvent[]): string | null {
  const symbols = new Set(events.map((e) => e.symbol))
  return symbols.size === 1 ? (events[0]?.symbol ?? null) : null
}

export function single(
  e: AlertEvent,
  disagreement: string | null,
  t: TextTime,
): Extract<NotificationDecision, { status: 'sent' }> {
  const lines = [
    ...(e.type === 'resolved' && e.recovery !== undefined ? [e.recovery] : []),
    `Rule: ${e.ruleName}`,
    marketLine(e),
    asOfLine([e], t),
    e.verified
      ? null
      : `${disagreement ?? 'figures disagree'}: check the data before acting on it.`,
  ]
  return {
    status: 'sent',
    title: headline(e),
    body: lines.filter((l) => l !== null).join('\n'),
    ...aboutEvents([e]),
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
