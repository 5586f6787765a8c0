// What a notification offers besides its text, and what choosing it does (notifier.ts only shows the
// buttons and hands back the choice): one symbol's notification offers two snoozes of its (rule,
// symbol) pairs where the platform shows buttons (macOS); a click opens that asset (a digest of
// several symbols: the alerts).
import type { NotificationDecision } from '../../shared/alert-rules'
import { localMinuteOfDay, type UtcOffset } from '../../shared/local-time'
import type { NavigateEvent } from '../../shared/view-models'

interface NotificationAction {
  id: 'snooze-1h' | 'snooze-tomorrow'
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
export function notificationActions(d: NotificationDecision, platformShowsActions: boolean) {
  return platformShowsActions && snoozable(d).length > 0 ? [...ACTIONS] : []
}

/** Minutes from `now` to the next local day's 08:00 (tomorrow, even just after midnight). */
export function minutesUntilTomorrow(now: Date, tz: UtcOffset): number {
  return 24 * 60 - localMinuteOfDay(now, tz) + TOMORROW_AT_MIN
}

/** Where a click on the notification (or a chosen action) takes the user. */
export function notificationTarget(d: { symbol: string | null }): NavigateEvent {
  return d.symbol ? { view: 'asset', symbol: d.symbol } : { view: 'alerts' }
}

/**
 * What choosing the action at `index` among those offered does now: snoozes through the core's
 * snooze (as the asset view's), and the view the app opens on; null for one not offered.
 */
export function chooseAction(
  d: NotificationDecision,
  offered: readonly NotificationAction[],
  index: number,
  now: Date,
  tz: UtcOffset,
): { snoozes: SnoozeRequest[]; open: NavigateEvent } | null {
  const action = offered[index]
  if (action === undefined || d.status !== 'sent') return null
  const minutes = action.id === 'snooze-1h' ? 60 : minutesUntilTomorrow(now, tz)
  return { snoozes: snoozable(d).map((t) => ({ ...t, minutes })), open: notificationTarget(d) }
}
