// Native notifications through Electron's Notification; the logic lives in notifier.ts.
import { Notification } from 'electron'
import { createNotifier, type Notifier } from './notifier'

export type { Notifier } from './notifier'

export function createElectronNotifier(opts: {
  onClick: (symbol: string | null) => void
  icon?: string
}): Notifier {
  return createNotifier({
    create: (options) => new Notification(options),
    isSupported: () => Notification.isSupported(),
    ...opts,
  })
}
