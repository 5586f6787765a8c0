// When a time hold (quiet hours, a pause) ends: each held alert meets the rules as they are now. One
// whose rule was snoozed, turned off or deleted meanwhile is dropped; one queued on disagreeing
// figures while the user wanted those, who no longer does, is held as any such alert is (owed by its
// instance) while still true, else dropped as no longer news; the rest are delivered.
import type { AlertEvent, NotificationDecision } from '../../../../shared/alert-rules'
import {
  HOLD_TEXT,
  UNVERIFIED_GONE_NOTE,
  UNVERIFIED_RELEASE_NOTE,
  droppedNote,
  type ReleaseVerdict,
} from '../notes'
import { asOfField, logEntry } from '../notification-text'
import type { HeldEvent } from '../model'
import type { NotifyPrefs } from './quiet-hours'
import type { Suppression } from './suppressed'

export interface ReleaseInput {
  held: readonly HeldEvent[]
  prefs: NotifyPrefs
  /** What the rules say now about a held alert's (rule, symbol). */
  release: (ruleId: string, symbol: string) => ReleaseVerdict
  /** Held alerts their instance would owe again (pace/owed.ts owedAgain), by event id. */
  reowable: ReadonlySet<string>
  newId: () => string
  at: string
}

export interface Released {
  deliver: HeldEvent[]
  decisions: NotificationDecision[]
  events: AlertEvent[]
  suppressed: Suppression[]
  /** Released only to be owed again by their instance. */
  reowed: AlertEvent[]
}

const DROPPED_TEXT = {
  snoozed: 'rule snoozed meanwhile',
  'rule-disabled': 'rule turned off meanwhile',
  'rule-deleted': 'rule deleted meanwhile',
} as const

export function releaseHeld(input: ReleaseInput): Released {
  const out: Released = { deliver: [], decisions: [], events: [], suppressed: [], reowed: [] }
  const log = (type: 'held' | 'dropped', e: AlertEvent, text: string): void => {
    out.events.push(logEntry(type, e, text, input.newId(), input.at))
  }
  for (const h of input.held) {
    const e = h.event
    const verdict = input.release(e.ruleId, e.symbol)
    if (verdict === 'deliver' && !e.verified && !input.prefs.notifyUnverified) {
      if (input.reowable.has(e.id)) {
        out.reowed.push(e)
        out.decisions.push(heldForReview(e, UNVERIFIED_RELEASE_NOTE, 'its figures disagree'))
        log('held', e, 'Held (figures disagree)')
      } else {
        out.suppressed.push({ reason: 'figures-disagree', note: UNVERIFIED_GONE_NOTE, id: e.id })
        log('dropped', e, 'Not delivered (figures disagree)')
      }
    } else if (verdict === 'deliver') out.deliver.push(h)
    else {
      const note = droppedNote(verdict, h.reason, e.ruleName, e.symbol)
      out.suppressed.push({ reason: verdict, note, id: e.id })
      log('dropped', e, `Not delivered (${DROPPED_TEXT[verdict]})`)
    }
  }
  for (const h of out.deliver) {
    const text = `Delivered after ${HOLD_TEXT[h.reason]}`
    out.events.push(logEntry('delivered', h.event, text, input.newId(), input.at))
  }
  return out
}

/** Held for review on disagreeing figures: the title and body say what. */
export function heldForReview(e: AlertEvent, note: string, body: string): NotificationDecision {
  const eventIds = [e.id]
  return {
    status: 'held',
    reason: 'figures-disagree',
    note,
    title: e.message,
    body,
    eventIds,
    ...asOfField([e]),
  }
}
