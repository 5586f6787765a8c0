// What a notification offers besides its text, and what choosing it does: the shell only shows the
// buttons and hands back the choice. A notification about one symbol's alerts offers two snoozes of
// those (rule, symbol) pairs, where the platform shows buttons (macOS); a click on its body opens
// that asset's view (a digest of several symbols opens the alerts) on every platform.
import type { NotificationDecision } from '../../../shared/alert-rules'
import { localMinuteOfDay, type UtcOffset } from '../../../shared/local-time'
import type { NavigateEvent } from '../../../shared/view-models'

type Sent = Extract<NotificationDecision, { status: 'sent' }>

export type NotificationActionId = 'snooze-1h' | 'snooze-tomorrow'

export interface NotificationAction {
  id: NotificationActionId
  /** The button's text. */
  label: string
}

/** One (rule, symbol) snoozed for `minutes`: the request the asset view's snooze sends. */
export interface SnoozeRequest {
  ruleId: string
  symbol: string
  minutes: number
}

/** "Until tomorrow" ends at this local time on the next day: the start of a working day. */
const TOMORROW_AT_MIN = 8 * 60

const ACTIONS: readonly NotificationAction[] = [
  { id: 'snooze-1h', label: 'Snooze 1 h' },
  { id: 'snooze-tomorrow', label: 'Snooze until tomorrow 08:00' },
]

/** The (rule, symbol) pairs a snooze from this notification would snooze: one symbol's only. */
function snoozable(d: NotificationDecision): { ruleId: string; symbol: string }[] {
  if (d.status !== 'sent' || d.symbol === null) return []
  return (d.targets ?? []).filter((t) => t.symbol === d.symbol)
}

/** The buttons a sent notification offers; none where the platform shows none. */
export function notificationActions(
  d: NotificationDecision,
  platformShowsActions: boolean,
): NotificationAction[] {
  return platformShowsActions && snoozable(d).length > 0 ? [...ACTIONS] : []
}

/** Minutes from `now` to the next local day's 08:00 (tomorrow, even just after midnight). */
export function minutesUntilTomorrow(now: Date, tz: UtcOffset): number {
  return 24 * 60 - localMinuteOfDay(now, tz) + TOMORROW_AT_MIN
}

/** Where a click on the notification (or a chosen action) takes the user. */
export function notificationTarget(d: Pick<Sent, 'symbol'>): NavigateEvent {
  return d.symbol ? { view: 'asset', symbol: d.symbol } : { view: 'alerts' }
}

export interface ChosenAction {
  /** Each goes through the core's snooze, as a snooze from the asset view does. */
  snoozes: SnoozeRequest[]
  /** The view the app opens on, so the user sees what was snoozed. */
  open: NavigateEvent
}

/**
 * What choosing the action at `index` (as the platform reports it, among those offered) does now;
 * null for an index the notification did not offer.
 */
export function chooseAction(
  d: NotificationDecision,
  offered: readonly NotificationAction[],
  index: number,
  now: Date,
  tz: UtcOffset,
): ChosenAction | null {
  const action = offered[index]
  if (action === undefined || d.status !== 'sent') return null
  const minutes = action.id === 'snooze-1h' ? 60 : minutesUntilTomorrow(now, tz)
  return {
    snoozes: snoozable(d).map((t) => ({ ...t, minutes })),
    open: notificationTarget(d),
  }
}
