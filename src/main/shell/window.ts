// The one app window: locked-down web preferences, shown when ready, hidden (not closed) on close
// so polling and notifications continue from the tray.
import { BrowserWindow } from 'electron'
import type { RendererLocation } from '../ipc/sender'

export interface MainWindowOptions {
  preloadPath: string
  renderer: RendererLocation
  isPackaged: boolean
  startHidden: boolean
  icon?: string
  log?: (message: string) => void
}

export function createMainWindow(opts: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 760,
    minHeight: 520,
    show: false,
    title: 'Liquidity Watch',
    autoHideMenuBar: true,
    ...(opts.icon ? { icon: opts.icon } : {}),
    webPreferences: {
      preload: opts.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // Middle-click would otherwise try to open links in a new window.
      disableBlinkFeatures: 'Auxclick',
      devTools: !opts.isPackaged,
    },
  })
  win.once('ready-to-show', () => {
    if (!opts.startHidden) win.show()
  })
  const load = opts.renderer.devServerUrl
    ? win.loadURL(opts.renderer.devServerUrl)
    : win.loadFile(opts.renderer.rendererFile)
  load.catch((e: unknown) => opts.log?.(`renderer failed to load: ${String(e)}`))
  return win
}

/** Closing hides the window; only a real quit (tray Quit, OS logout) closes it. */
export function keepInTrayOnClose(win: BrowserWindow, isQuitting: () => boolean): void {
  win.on('close', (event) => {
    if (isQuitting()) return
    event.preventDefault()
    win.hide()
  })
}

export function showWindow(win: BrowserWindow | null): void {
  if (!win || win.isDestroyed()) return
  if (win.isMinimized()) win.restore()
  win.show()
  win.focus()
}
