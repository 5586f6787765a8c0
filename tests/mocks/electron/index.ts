// A fake of the `electron` module, enough to run the real src/main/index.ts in Node (vitest
// aliases `electron` to this file). It behaves like Electron where the app depends on it — the
// quit sequence, single-instance lock, window show/hide/close, web-contents creation, tray menus,
// notifications, file dialogs — and records what the app asked for so tests can act as the user and the OS.
// One copy per `vi.resetModules()`: each launch of index.ts gets a fresh app; only the
// single-instance lock (an OS fact) is shared through globalThis. One file per fake, beside this.
import { app } from './app'
import { FakeBrowserWindow } from './browser-window'
import { dialog } from './dialog'
import { ipcMain } from './ipc-main'
import { nativeTheme } from './native-theme'
import { FakeNotification } from './notification'
import { powerMonitor } from './power-monitor'
import { safeStorage } from './safe-storage'
import { session } from './session'
import { shell } from './shell'
import { FakeMenu, FakeTray, nativeImage } from './tray'

export { FakeEvent } from './event'
export { configureLaunch, type FakeLaunch } from './launch'
export { FakeWebContents } from './web-contents'
export { type BrowserWindowOptions } from './browser-window'
export { type FakeImage, type MenuItemOptions } from './tray'
export {
  app,
  dialog,
  FakeBrowserWindow,
  FakeMenu,
  FakeNotification,
  FakeTray,
  ipcMain,
  nativeImage,
  nativeTheme,
  powerMonitor,
  safeStorage,
  session,
  shell,
}
export {
  FakeBrowserWindow as BrowserWindow,
  FakeMenu as Menu,
  FakeNotification as Notification,
  FakeTray as Tray,
}

const electron = {
  app,
  BrowserWindow: FakeBrowserWindow,
  dialog,
  ipcMain,
  Menu: FakeMenu,
  nativeImage,
  nativeTheme,
  Notification: FakeNotification,
  powerMonitor,
  safeStorage,
  session,
  shell,
  Tray: FakeTray,
}
// electron-store does `import electron from 'electron'`.
export default electron
