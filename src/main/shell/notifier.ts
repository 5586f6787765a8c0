// Which engine decisions become OS notifications, and keeping each one referenced until it is
// closed (or its click handler is garbage-collected with it). Electron-free: the OS
// notification is passed in (notifications.ts gives Electron's), so tests use a fake.
import type { NotificationDecision } from '../../shared/alert-rules'

export interface OsNotification {
  on(event: 'click' | 'close' | 'failed', listener: () => void): unknown
  show(): void
}

export interface NotifierDeps {
  create: (options: { title: string; body: string; icon?: string }) => OsNotification
  isSupported: () => boolean
  onClick: (symbol: string | null) => void
  icon?: string
}

export interface Notifier {
  notify(decision: NotificationDecision): void
  /** How many notifications are still referenced (shown and not yet closed or clicked). */
  readonly live: number
}

export function createNotifier(deps: NotifierDeps): Notifier {
  const live = new Set<OsNotification>()
  return {
    notify(decision) {
      // 'held' and 'suppressed' decisions are logged by the engine; only 'sent' reaches the OS.
      if (decision.status !== 'sent' || !deps.isSupported()) return
      const n = deps.create({
        title: decision.title,
        body: decision.body,
        ...(deps.icon ? { icon: deps.icon } : {}),
      })
      live.add(n)
      const release = (): void => {
        live.delete(n)
      }
      n.on('click', () => {
        release()
        deps.onClick(decision.symbol)
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
