// The away digest: after sleep, a long offline spell or a restart, the first poll that judges
// fresh data again says in one notification (and one panel) what crossed meanwhile, instead of
// nothing or a burst. "Away" is one test for all three: the last poll that judged fresh data
// (AlertEngineState.lastSeenAt, saved with the alert state, so a restart knows it) is longer ago
// than awayAfterMs. That is 3 poll intervals — the monitor missed its cadence, not one slow or
// failed poll — and at least 30 minutes, so a 1-minute interval does not turn a short network
// blip into a "while you were away". The digest is built here, and the notification that tells
// it (awayDecision); notify.ts decides when it goes out.
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

/** An episode under way before the spell that neither began nor ended in this poll. */
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

function itemOf(e: AlertEvent): AwayItem {
  const kind =
    e.type === 'fired' || e.type === 'repeated'
      ? 'fired'
      : e.type === 'resolved'
        ? 'resolved'
        : 'other'
  return {
    kind,
    symbol: e.symbol,
    ruleName: e.ruleName,
    text: newsLine(e),
    market: e.market ? whileMarket(e.market) : null,
  }
}

export function awayDigest(
  spell: AwaySpell,
  now: Date,
  events: AlertEvent[],
  still: StillFiring[],
  tz: UtcOffset,
): AwayDigest | null {
  const items = events.map(itemOf)
  if (items.length === 0) return null
  const fired = items.filter((i) => i.kind === 'fired').length
  const resolved = items.filter((i) => i.kind === 'resolved').length
  const others = items.length - fired - resolved
  for (const s of still) {
    const since = s.record.firedAt ?? s.record.since
    items.push({
      kind: 'still-firing',
      symbol: s.record.symbol,
      ruleName: s.ruleName,
      text: stillFiringText(
        s.record.symbol,
        s.ruleName,
        since ? localWhen(new Date(since), now, tz) : null,
      ),
      market: null,
    })
  }
  return {
    at: now.toISOString(),
    since: spell.since,
    awayMs: spell.ms,
    title: awayTitle(spell.ms, { fired, resolved, others, still: still.length }),
    fired,
    resolved,
    stillFiring: still.length,
    items,
  }
}

/**
 * One notification for the first poll back: the digest's title and list; a digest of one alert
 * is that alert's own notification, saying it was found after the spell away.
 */
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
  const asOf = asOfLine(events, t)
  return {
    status: 'sent',
    title: d.title,
    body: asOf === null ? awayBody(d) : `${awayBody(d)}\n${asOf}`,
    ...aboutEvents(events),
  }
}
