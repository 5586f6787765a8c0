// OS notifications through Electron's Notification (which ones, their buttons and what a click or a
// button does is notifier.ts and notification-actions.ts): a click opens the asset the
// notification is about, or the alerts; on macOS, "Snooze 1 h" and "Snooze until tomorrow" snooze
// its alerts through the core, as the asset view does. Other platforms show no buttons.
import { Notification } from 'electron'
import type { SnoozeRequest } from './notification-actions'
import { systemUtcOffset } from '../../shared/local-time'
import type { NavigateEvent } from '../../shared/view-models'
import { createNotifier, type Notifier } from './notifier'

export function setupNotifications(o: {
  icon: string
  open: (to: NavigateEvent) => void
  /** The core's snooze (the core is made after the notifier: it is handed the notify call). */
  snooze: (req: SnoozeRequest) => Promise<unknown>
  log: (line: string) => void
}): Notifier {
  return createNotifier({
    create: (options) => new Notification(options),
    isSupported: () => Notification.isSupported(),
    // Electron shows `actions` on macOS only (Windows needs toastXml; Linux ignores them).
    showsActions: process.platform === 'darwin',
    icon: o.icon,
    open: o.open,
    snooze: o.snooze,
    tz: systemUtcOffset,
    log: o.log,
  })
}
