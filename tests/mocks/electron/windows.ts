// Every window made in this copy of the fake: BrowserWindow adds to it, app.quit/exit close what
// is open. Its own module so that app and BrowserWindow need not import each other.
import type { FakeBrowserWindow } from './browser-window'

const windows: FakeBrowserWindow[] = []

export function addWindow(win: FakeBrowserWindow): void {
  windows.push(win)
}

/** Every window ever made (also destroyed ones). */
export function allWindows(): FakeBrowserWindow[] {
  return [...windows]
}

export function openWindows(): FakeBrowserWindow[] {
  return windows.filter((w) => !w.isDestroyed())
}
