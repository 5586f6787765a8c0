// The tray icon: follows every status the core emits, and its menu acts on the core and the app.
import { app } from 'electron'
import type { AppCore } from '../core/app-core'
import type { EventSink } from '../ipc/events'
import type { NavigateEvent } from '../../shared/view-models'
import { createAppTray, type AppTray } from './tray'
import type { TrayAction } from './tray-model'

export async function setupTray(o: {
  core: AppCore
  iconDir: string
  openWindow: () => void
  navigate: (to: NavigateEvent) => void
  log: (line: string) => void
}): Promise<{ tray: AppTray; events: EventSink }> {
  const { core } = o
  const run = (action: TrayAction, p: Promise<unknown>): void => {
    p.catch((e: unknown) => o.log(`tray ${action} failed: ${String(e)}`))
  }
  const onAction = (action: TrayAction): void => {
    if (action === 'open') o.openWindow()
    else if (action === 'open-alerts') o.navigate({ view: 'alerts' })
    else if (action === 'refresh') run(action, core.refreshNow())
    else if (action === 'pause-1h') run(action, core.pauseNotifications(60))
    else if (action === 'resume-notifications') run(action, core.pauseNotifications(0))
    else app.quit()
  }
  const tray = createAppTray({ iconDir: o.iconDir, onAction })
  tray.update(await core.getStatus())
  const events: EventSink = (event, payload) => {
    if (event === 'statusChanged') tray.update(payload as Parameters<AppTray['update']>[0])
  }
  return { tray, events }
}
