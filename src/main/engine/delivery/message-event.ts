// An alert event as a message carries it (webhook-body v1 `events[]`), and the stable id of a
// message: one per (event set, contact point), the same in every run that decides it.
import { createHash } from 'node:crypto'
import type { AlertEvent, AlertRule } from '../../../shared/alert-rules'
import { kindOf } from '../../../shared/conditions/registry'
import type { ValueUnit } from '../../../shared/conditions/kind'
import type { MessageEvent } from './model'
import { templateExtras } from './templates/event-extras'

const UNITS: Record<ValueUnit, string> = {
  'signed-pct': '%',
  'share-pct': '%',
  money: 'USD',
  pools: 'pools',
  hhi: 'HHI',
}

export function assetLink(symbol: string): string | null {
  return symbol === '' ? null : `liquidity-watch://asset/${encodeURIComponent(symbol)}`
}

export function messageEvent(
  e: AlertEvent,
  rule: AlertRule | undefined,
  dataDate: string | null,
): MessageEvent {
  return {
    id: e.id,
    type: e.type,
    symbol: e.symbol,
    ruleId: e.ruleId,
    ruleName: e.ruleName,
    value: e.value,
    threshold: e.threshold,
    direction: rule === undefined ? null : directionOf(rule.condition),
    // The event's own unit first: a concentration alert over its HHI limit carries the HHI.
    unit:
      e.unit !== undefined
        ? UNITS[e.unit]
        : rule === undefined
          ? ''
          : UNITS[kindOf(rule.condition).valueUnit],
    asOf: e.asOf ?? null,
    dataDate,
    link: assetLink(e.symbol),
    // What templates may say beside the body's fields (change in words, market session…).
    ...templateExtras(e),
  }
}

/** Which way a rule guards, as its kind says (its own direction, or floors down, ceilings up). */
export function directionOf(c: AlertRule['condition']): 'down' | 'up' {
  return kindOf(c).direction(c)
}

/** An event only its id is known of (told from an earlier poll that is no longer in memory). */
export function bareEvent(
  id: string,
  symbol: string | null,
  asOf: string | null,
  dataDate: string | null,
): MessageEvent {
  return {
    id,
    type: 'notification',
    symbol: symbol ?? '',
    ruleId: '',
    ruleName: '',
    value: null,
    threshold: null,
    direction: null,
    unit: '',
    asOf,
    dataDate,
    link: symbol === null ? null : assetLink(symbol),
  }
}

/** `lw-` and 32 hex digits from the contact point and the event ids (order kept). */
export function messageId(contactPointId: string, eventIds: readonly string[], extra = ''): string {
  const h = createHash('sha256')
    .update(`${contactPointId}\n${eventIds.join(',')}\n${extra}`)
    .digest('hex')
  return `lw-${h.slice(0, 32)}`
}
