// Native notifications for the alert engine's 'sent' decisions. Each one is kept referenced
// until it closes, or its click handler would be garbage-collected with it.
import { Notification } from 'electron'
import type { NotificationDecision } from '../../shared/alert-rules'

export interface Notifier {
  notify(decision: NotificationDecision): void
  /** How many notifications are still referenced (shown and not yet closed). */
  readonly live: number
}

export function createNotifier(opts: {
  onClick: (symbol: string | null) => void
  icon?: string
}): Notifier {
  const live = new Set<Notification>()
  return {
    notify(decision) {
      // 'held' and 'suppressed' decisions are logged by the engine; only 'sent' reaches the OS.
      if (decision.status !== 'sent' || !Notification.isSupported()) return
      const n = new Notification({
        title: decision.title,
        body: decision.body,
        ...(opts.icon ? { icon: opts.icon } : {}),
      })
      live.add(n)
      const release = (): void => {
        live.delete(n)
      }
      n.on('click', () => {
        release()
        opts.onClick(decision.symbol)
      })
      n.on('close', release)
      n.on('failed', release)
      n.show()
    },
    get live() {
      return live.size
    },
  }
}
