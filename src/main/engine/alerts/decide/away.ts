// The away digest: after sleep, a long offline spell or a restart, the first poll that judges
// fresh data again tells in one notification (and one panel) what crossed meanwhile. Away: the
// last poll that judged fresh data (lastSeenAt, saved, so a restart knows it) is older than 3 poll
// intervals (a missed cadence, not one slow poll) and at least 30 min (not a short network blip).
import type { AlertEvent, NotificationDecision } from '../../../../shared/alert-rules'
import type { AwayDigest, AwayItem } from '../../../../shared/away-digest'
import { localWhen, type UtcOffset } from '../../../../shared/local-time'
import { whileMarket } from '../../../../shared/market-hours'
import { instanceKey } from '../engine-state'
import { awayBody, awayTitle, foundOnReturnText, stillFiringText } from '../text/away'
import { aboutEvents, asOfLine, newsLine, single, type TextTime } from '../text/notification-text'
import type { InstanceRecord } from '../model'

const MIN_AWAY_MS = 30 * 60_000
const MISSED_POLLS = 3

export function awayAfterMs(intervalMs: number): number {
  return Math.max(MISSED_POLLS * intervalMs, MIN_AWAY_MS)
}

export interface AwaySpell {
  since: string
  ms: number
}

/** This poll judges fresh data after a spell without: how long; null when not away. */
export function awaySpell(
  lastSeenAt: string | null,
  now: Date,
  seenNow: boolean,
  afterMs: number | undefined,
): AwaySpell | null {
  if (afterMs === undefined || lastSeenAt === null || !seenNow) return null
  const ms = now.getTime() - Date.parse(lastSeenAt)
  return ms > afterMs ? { since: lastSeenAt, ms } : null
}

export interface StillFiring {
  record: InstanceRecord
  ruleName: string
}

/** Firing before the spell and still: neither fired nor resolved in this poll. */
export function stillFiring(
  records: InstanceRecord[],
  events: AlertEvent[],
  targets: { rule: { id: string; name: string } }[],
): StillFiring[] {
  const moved = new Set(events.map((e) => instanceKey(e.ruleId, e.symbol)))
  return records.flatMap((record, i) =>
    record.phase === 'firing' && !moved.has(instanceKey(record.ruleId, record.symbol))
      ? [{ record, ruleName: targets[i]?.rule.name ?? record.ruleId }]
      : [],
  )
}

const ITEM_KIND: Partial<Record<AlertEvent['type'], AwayItem['kind']>> = {
  fired: 'fired',
  repeated: 'fired',
  resolved: 'resolved',
}

function itemOf(e: AlertEvent): AwayItem {
  const { symbol, ruleName } = e
  const market = e.market ? whileMarket(e.market) : null
  return { kind: ITEM_KIND[e.type] ?? 'other', symbol, ruleName, text: newsLine(e), market }
}

function stillItem(s: StillFiring, now: Date, tz: UtcOffset): AwayItem {
  const { symbol, firedAt, since } = s.record
  const from = firedAt ?? since
  const text = stillFiringText(symbol, s.ruleName, from ? localWhen(new Date(from), now, tz) : null)
  return { kind: 'still-firing', symbol, ruleName: s.ruleName, text, market: null }
}

export function awayDigest(
  spell: AwaySpell,
  now: Date,
  events: AlertEvent[],
  still: StillFiring[],
  tz: UtcOffset,
): AwayDigest | null {
  const news = events.map(itemOf)
  if (news.length === 0) return null
  const fired = news.filter((i) => i.kind === 'fired').length
  const resolved = news.filter((i) => i.kind === 'resolved').length
  const others = news.length - fired - resolved
  const stillFiring = still.length
  const title = awayTitle(spell.ms, { fired, resolved, others, still: stillFiring })
  const items = [...news, ...still.map((s) => stillItem(s, now, tz))]
  const { since, ms: awayMs } = spell
  return { at: now.toISOString(), since, awayMs, title, fired, resolved, stillFiring, items }
}

/** The first poll back's notification: the digest, or one alert's own notification, marked so. */
export function awayDecision(
  d: AwayDigest,
  events: AlertEvent[],
  disagreements: ReadonlyMap<string, string>,
  t: TextTime,
): NotificationDecision {
  const only = events.length === 1 && d.items.length === 1 ? events[0] : undefined
  if (only !== undefined) {
    const one = single(only, disagreements.get(only.id) ?? null, t)
    const back = foundOnReturnText(d.awayMs)
    return { ...one, body: `${one.body}\n${back}` }
  }
  const body = [awayBody(d), asOfLine(events, t)].filter((l) => l !== null).join('\n')
  return { status: 'sent', title: d.title, body, ...aboutEvents(events) }
}
