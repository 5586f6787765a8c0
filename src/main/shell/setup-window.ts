// The app window: created once, hidden (not closed) on close so the app lives on in the tray,
// shown again by the dock, the tray, a notification or a second launch.
import { app } from 'electron'
import type { NavigateEvent } from '../../shared/view-models'
import type { EventSink } from '../ipc/events'
import type { AppPaths } from './app-paths'
import { windowEventSink } from './ipc-main'
import { createMainWindow, keepInTrayOnClose, showWindow } from './window'

export interface AppWindow {
  show(): void
  /** Shows the window on one view (a notification's asset). */
  navigate(to: NavigateEvent): void
  /** Main → renderer events, dropped once the window is gone. */
  events: EventSink
}

export function setupWindow(o: {
  paths: AppPaths
  isPackaged: boolean
  startHidden: boolean
  log: (line: string) => void
}): AppWindow {
  const win = createMainWindow({
    preloadPath: o.paths.preload,
    renderer: o.paths.renderer,
    isPackaged: o.isPackaged,
    startHidden: o.startHidden,
    icon: o.paths.appIcon,
    log: o.log,
  })
  // Only a real quit (tray Quit, OS logout, app.quit) closes the window.
  let quitting = false
  app.on('before-quit', () => {
    quitting = true
  })
  keepInTrayOnClose(win, () => quitting)
  app.on('activate', () => showWindow(win))
  // The app lives in the tray: closing the last window must not quit it.
  app.on('window-all-closed', () => undefined)
  const events = windowEventSink(() => win)
  return {
    show: () => showWindow(win),
    navigate: (to) => {
      showWindow(win)
      events('navigate', to)
    },
    events,
  }
}
