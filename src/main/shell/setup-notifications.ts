// OS notifications through Electron's Notification (which ones, and keeping them referenced, is
// notifier.ts); a click opens the asset the notification is about, or the alerts.
import { Notification } from 'electron'
import type { NavigateEvent } from '../../shared/view-models'
import { createNotifier, type Notifier } from './notifier'

export function setupNotifications(o: {
  icon: string
  open: (to: NavigateEvent) => void
}): Notifier {
  return createNotifier({
    create: (options) => new Notification(options),
    isSupported: () => Notification.isSupported(),
    icon: o.icon,
    onClick: (symbol) => o.open(symbol ? { view: 'asset', symbol } : { view: 'alerts' }),
  })
}
