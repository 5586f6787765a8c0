// Notifications held by quiet hours or a pause, and what becomes of them when the hold ends: the
// held notice, the history's log lines, and the notification that delivers them.
import type { TimeHold } from '../model'
import { HOLD_TEXT } from './notes'
import { plural } from './notification-text'

/** Why a held alert was not delivered when the hold ended. */
export const DROPPED_TEXT = {
  snoozed: 'rule snoozed meanwhile',
  'rule-disabled': 'rule turned off meanwhile',
  'rule-deleted': 'rule deleted meanwhile',
} as const

export function heldTitle(hold: TimeHold): string {
  return `Notifications held (${HOLD_TEXT[hold]})`
}

/** "3 alerts will be summarised when quiet hours end." */
export function heldBody(hold: TimeHold, waiting: number): string {
  const end = hold === 'paused' ? 'the pause ends' : 'quiet hours end'
  return `${plural(waiting, 'alert')} will be summarised when ${end}.`
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
