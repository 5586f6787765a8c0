// Which engine decisions become OS notifications, and keeping each one referenced until it is
// closed, clicked or answered (or its handlers are garbage-collected with it). Electron-free: the
// OS notification is passed in (setup-notifications.ts gives Electron's), so tests use a fake.
// What a notification offers and what a choice does: notification-actions.ts (plain TS, as tray-model.ts).
import type { NotificationDecision } from '../../shared/alert-rules'
import type { UtcOffset } from '../../shared/local-time'
import type { NavigateEvent } from '../../shared/view-models'
import {
  chooseAction,
  notificationActions,
  notificationTarget,
  type SnoozeRequest,
} from './notification-actions'

export interface OsNotificationOptions {
  title: string
  body: string
  icon?: string
  /** Buttons (Electron's `actions`; shown on macOS only). */
  actions?: { type: 'button'; text: string }[]
}

export interface OsNotification {
  on(event: 'click' | 'close' | 'failed', listener: () => void): unknown
  /** A button was chosen: its index among the options' actions. */
  on(event: 'action', listener: (event: unknown, index: number) => void): unknown
  show(): void
}

export interface NotifierDeps {
  create: (options: OsNotificationOptions) => OsNotification
  isSupported: () => boolean
  /** The platform shows a notification's buttons (macOS); elsewhere none are offered. */
  showsActions: boolean
  /** Shows the app on a view: the notification's asset, or the alerts. */
  open: (to: NavigateEvent) => void
  /** The core's snooze: the one a snooze from the asset view goes through. */
  snooze: (req: SnoozeRequest) => Promise<unknown>
  /** The user's zone and clock, for "until tomorrow". */
  tz: UtcOffset
  now?: () => Date
  log: (line: string) => void
  icon?: string
}

export interface Notifier {
  notify(decision: NotificationDecision): void
  /** How many notifications are still referenced (shown and not yet closed or clicked). */
  readonly live: number
}

export function createNotifier(deps: NotifierDeps): Notifier {
  const live = new Set<OsNotification>()
  const now = deps.now ?? (() => new Date())
  return {
    notify(decision) {
      // 'held' and 'suppressed' decisions are logged by the engine; only 'sent' reaches the OS.
      if (decision.status !== 'sent' || !deps.isSupported()) return
      const offered = notificationActions(decision, deps.showsActions)
      const n = deps.create({
        title: decision.title,
        body: decision.body,
        ...(deps.icon ? { icon: deps.icon } : {}),
        ...(offered.length > 0
          ? { actions: offered.map((a) => ({ type: 'button' as const, text: a.label })) }
          : {}),
      })
      live.add(n)
      const release = (): void => {
        live.delete(n)
      }
      n.on('click', () => {
        release()
        deps.open(notificationTarget(decision))
      })
      n.on('action', (_event, index) => {
        release()
        const chosen = chooseAction(decision, offered, index, now(), deps.tz)
        if (chosen === null) return
        // The view opens once the snooze is saved, so it shows the snooze; a failed one is logged
        // (the core already reports a settings file it could not write).
        void Promise.all(chosen.snoozes.map((req) => deps.snooze(req)))
          .catch((e: unknown) =>
            deps.log(
              `snooze from a notification failed: ${e instanceof Error ? e.message : String(e)}`,
            ),
          )
          .finally(() => deps.open(chosen.open))
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
