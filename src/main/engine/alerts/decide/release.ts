// When a time hold (quiet hours, a pause) ends, each held alert meets the rules as they are now:
// dropped if its rule was snoozed, turned off or deleted meanwhile; if queued on disagreeing figures
// the user no longer wants told, held (owed by its instance) while still true, else dropped; the
// rest are delivered.
import type { AlertEvent, NotificationDecision } from '../../../../shared/alert-rules'
import { asOfField, logEntry } from '../text/notification-text'
import {
  DISAGREE_HELD_BODY,
  DROPPED_DISAGREE_LOG,
  HELD_DISAGREE_LOG,
  UNVERIFIED_GONE_NOTE,
  UNVERIFIED_RELEASE_NOTE,
  deliveredLog,
  droppedLog,
  droppedNote,
  type ReleaseVerdict,
} from '../text/notes'
import type { HeldEvent } from '../model'
import type { NotifyPrefs } from './quiet-hours'
import type { Suppression } from './suppressed'

interface ReleaseInput {
  held: readonly HeldEvent[]
  prefs: NotifyPrefs
  release: (ruleId: string, symbol: string) => ReleaseVerdict
  reowable: ReadonlySet<string>
  newId: () => string
  at: string
}

interface Released {
  deliver: HeldEvent[]
  decisions: NotificationDecision[]
  events: AlertEvent[]
  suppressed: Suppression[]
  /** Released only to be owed again by their instance. */
  reowed: AlertEvent[]
}

export function releaseHeld(input: ReleaseInput): Released {
  const out: Released = { deliver: [], decisions: [], events: [], suppressed: [], reowed: [] }
  const log = (type: 'held' | 'dropped' | 'delivered', e: AlertEvent, text: string): void => {
    out.events.push(logEntry(type, e, text, input.newId(), input.at))
  }
  for (const h of input.held) {
    const e = h.event
    const verdict = input.release(e.ruleId, e.symbol)
    if (verdict !== 'deliver') {
      const note = droppedNote(verdict, h.reason, e.ruleName, e.symbol)
      out.suppressed.push({ reason: verdict, note, id: e.id })
      log('dropped', e, droppedLog(verdict))
    } else if (e.verified || input.prefs.notifyUnverified) out.deliver.push(h)
    else if (input.reowable.has(e.id)) {
      out.reowed.push(e)
      out.decisions.push(heldForReview(e, UNVERIFIED_RELEASE_NOTE, DISAGREE_HELD_BODY))
      log('held', e, HELD_DISAGREE_LOG)
    } else {
      out.suppressed.push({ reason: 'figures-disagree', note: UNVERIFIED_GONE_NOTE, id: e.id })
      log('dropped', e, DROPPED_DISAGREE_LOG)
    }
  }
  for (const h of out.deliver) log('delivered', h.event, deliveredLog(h.reason))
  return out
}

/** Held for review on disagreeing figures: the title and body say what. */
export function heldForReview(e: AlertEvent, note: string, body: string): NotificationDecision {
  const title = e.message
  const about = { eventIds: [e.id], ...asOfField([e]) }
  return { status: 'held', reason: 'figures-disagree', note, title, body, ...about }
}
