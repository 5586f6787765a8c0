// The plain-language notes that say why an alert was not notified (Notification log, check --json),
// and the words of alerts held by quiet hours or a pause. Notes the Alerts view shows too live in
// shared/alert-facts.ts.
import type { ChangeInfo } from '../../../../shared/view-models'
import type { TimeHold } from '../model'
import { formatSignedPct } from './format'
import { plural } from './notification-text'
export { DISAGREE_NOTE, FLAPPING_NOTE } from '../../../../shared/alert-facts'

/** "quiet hours" / "paused notifications", as in "Held (quiet hours)"; every TimeHold (shared/alert-state.ts). */
export const HOLD_TEXT: Record<TimeHold, string> = {
  'quiet-hours': 'quiet hours',
  paused: 'paused notifications',
}
const HOLD_END: Record<TimeHold, string> = {
  'quiet-hours': 'quiet hours end',
  paused: 'the pause ends',
}

export const DISABLED_NOTE = 'Desktop notifications are turned off in Settings.'
export const BACKFILL_NOTE =
  'First check after the alert state was reset: conditions already true are recorded, not ' +
  'notified again (they may have been notified before).'
export const SEEDED_NOTE =
  'Already under way when the alert state was reset (it may have been notified before): recorded ' +
  'and shown, not notified again.'
export const UNSAVED_NOTE =
  'Not notified: the alert state could not be saved, so the next check would notify this again. ' +
  'It is notified once the alert state can be saved.'
export const NEWER_STATE_NOTE =
  'Not notified: the alert state file was written by a newer version of Liquidity Watch and this ' +
  'version does not save to it, so the next check would notify this again.'
export const ONCE_NOTE = 'The rule notifies only once, and it already did.'
/** A 'once' rule's other news (flapping, an issuer that left, a recovery) is history only. */
export const ONCE_OTHER_NOTE =
  'Not notified: the rule notifies only its first firing (“once”); this is kept in the history.'

export function snoozedNote(ruleName: string): string {
  return `The rule “${ruleName}” is snoozed for this symbol.`
}

export function heldNote(reason: TimeHold, waiting: number): string {
  const what = waiting === 1 ? '1 alert waits' : `${waiting} alerts wait`
  return `Held for ${HOLD_TEXT[reason]}: ${what} and will be summarised when ${HOLD_END[reason]}.`
}

/** Why a held alert was not delivered when its hold ended. */
export type ReleaseVerdict = 'deliver' | 'snoozed' | 'rule-disabled' | 'rule-deleted'

export function droppedNote(
  verdict: Exclude<ReleaseVerdict, 'deliver'>,
  hold: TimeHold,
  ruleName: string,
  symbol: string,
): string {
  const held = `Held while ${hold === 'paused' ? 'notifications were paused' : 'quiet hours lasted'}`
  switch (verdict) {
    case 'snoozed':
      return `${held}, then not delivered: “${ruleName}” was snoozed for ${symbol} meanwhile.`
    case 'rule-disabled':
      return `${held}, then not delivered: “${ruleName}” was turned off, expired or no longer covers ${symbol}.`
    case 'rule-deleted':
      return `${held}, then not delivered: the rule “${ruleName}” was deleted meanwhile.`
  }
}

const UNTOLD_BECAUSE = {
  'figures-disagree': 'its figures disagreed',
  cooldown: 'it came inside the cooldown',
  flapping: 'it was flapping',
} as const

export function untoldRecoveryNote(why: keyof typeof UNTOLD_BECAUSE): string {
  return `Not notified: the alert this recovery ends was never notified (${UNTOLD_BECAUSE[why]}).`
}

/** "“TVL drop” already notified about this symbol less than 60 min ago (cooldown until 14:05)". */
function inCooldown(ruleName: string, minutes: number, until: string): string {
  const ago = `less than ${minutes} min ago (cooldown until ${until})`
  return `“${ruleName}” already notified about this symbol ${ago}`
}

/** `until`: when the cooldown ends, in the user's words ("14:05"). */
export function cooldownNote(ruleName: string, minutes: number, until: string): string {
  const then = 'told when the cooldown ends if it is still true then'
  return `Not notified: ${inCooldown(ruleName, minutes, until)}. Shown in the app and the history; ${then}.`
}

/** Flapping found inside the cooldown: recorded now, the notice follows when the cooldown ends. */
export function flapWaitNote(ruleName: string, minutes: number, until: string): string {
  const then = 'told when the cooldown ends if it is still flapping then'
  return `Not notified yet: ${inCooldown(ruleName, minutes, until)}. It is flapping: shown in the app and the history now, and ${then}.`
}

const UNVERIFIED_OFF =
  'Held for later, then not delivered: its figures disagree, and alerts whose figures disagree ' +
  'are no longer notified (Settings → Notifications).'

/** Still true when its hold ended: owed, told once the figures agree. */
export const UNVERIFIED_RELEASE_NOTE = `${UNVERIFIED_OFF} It is told if the figures agree while it lasts.`

/** No longer true when its hold ended: nothing is owed. */
export const UNVERIFIED_GONE_NOTE = `${UNVERIFIED_OFF} It is no longer news.`

/** "figures disagree: service says +2.0 %, history says −30.1 %"; null when they agree. The
 *  reported figure's unit is unspecified: |x| ≤ 1 reads as a fraction. */
export function disagreement(change: ChangeInfo): string | null {
  if (change.verified) return null
  const r = change.reported
  const said = formatSignedPct(Math.abs(r) <= 1 ? r * 100 : r)
  return `figures disagree: service says ${said}, history says ${formatSignedPct(change.pct)}`
}

/** An instance's detail when figures that disagree were not judged (the user did not opt in). */
export function notJudgedDetail(status: string): string {
  return `${status}; not judged until the figures agree`
}

/** An instance's detail when its symbol had no reading this poll. */
export function noDataDetail(symbol: string): string {
  return `no data for ${symbol}`
}

/** Why a held alert was not delivered when the hold ended. */
const DROPPED_TEXT = {
  snoozed: 'rule snoozed meanwhile',
  'rule-disabled': 'rule turned off meanwhile',
  'rule-deleted': 'rule deleted meanwhile',
} as const

export function heldTitle(hold: TimeHold): string {
  return `Notifications held (${HOLD_TEXT[hold]})`
}

/** "3 alerts will be summarised when quiet hours end." */
export function heldBody(hold: TimeHold, waiting: number): string {
  return `${plural(waiting, 'alert')} will be summarised when ${HOLD_END[hold]}.`
}

/** A held alert on figures that disagree: its notification's body. */
export const DISAGREE_HELD_BODY = 'its figures disagree'

/** History log lines (before the alert's own message). */
export const heldLog = (hold: TimeHold): string => `Held (${HOLD_TEXT[hold]})`
export const HELD_DISAGREE_LOG = 'Held (figures disagree)'
export const DROPPED_DISAGREE_LOG = 'Not delivered (figures disagree)'
export const droppedLog = (why: keyof typeof DROPPED_TEXT): string =>
  `Not delivered (${DROPPED_TEXT[why]})`
export const deliveredLog = (hold: TimeHold): string => `Delivered after ${HOLD_TEXT[hold]}`

/** The digest that delivers them: "While notifications were held: 4 alerts". */
export function releasedTitle(n: number): string {
  return `While notifications were held: ${plural(n, 'alert')}`
}
