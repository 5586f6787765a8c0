// A fake of the `electron` module, enough to run the real src/main/index.ts in Node (vitest
// aliases `electron` to this file). It behaves like Electron where the app depends on it — the
// quit sequence, single-instance lock, window show/hide/close, web-contents creation, tray menus,
// notifications — and records what the app asked for so tests can act as the user and the OS.
// One copy per `vi.resetModules()`: each launch of index.ts gets a fresh app; only the
// single-instance lock (an OS fact) is shared through globalThis.
import { EventEmitter } from 'node:events'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

/** Electron's event object: listeners may cancel the default action. */
export class FakeEvent {
  defaultPrevented = false
  constructor(readonly url = '') {}
  preventDefault(): void {
    this.defaultPrevented = true
  }
}

export interface FakeLaunch {
  userData: string
  /** The app path (package.json's folder); default: the working directory. */
  appPath?: string
  isPackaged?: boolean
  argv?: string[]
}

let launch: FakeLaunch = { userData: '' }
/** Set before importing index.ts: where this app instance keeps its data. */
export function configureLaunch(l: FakeLaunch): void {
  launch = l
}

// ── app ──

interface LockHolder {
  app: FakeApp
}
const LOCK = Symbol.for('liquidity-watch.fake-electron.single-instance-lock')
const globalLock = globalThis as { [LOCK]?: LockHolder | null }

class FakeApp extends EventEmitter {
  readonly appUserModelIds: string[] = []
  readonly loginItemSettings: { openAtLogin: boolean; args?: string[] }[] = []
  /** Set once the app has really quit ('quit' emitted) or exited. */
  exitCode: number | null = null
  private readyResolve!: () => void
  private readonly ready = new Promise<void>((r) => (this.readyResolve = r))
  private quitResolve!: (code: number) => void
  /** Resolves with the exit code once the app has quit or exited. */
  readonly exited = new Promise<number>((r) => (this.quitResolve = r))
  private ownsLock = false

  constructor() {
    super()
    // Electron is ready on the next turn of the event loop.
    setImmediate(() => {
      this.emit('ready')
      this.readyResolve()
    })
  }
  get isPackaged(): boolean {
    return launch.isPackaged ?? false
  }
  whenReady(): Promise<void> {
    return this.ready
  }
  getPath(name: string): string {
    if (name === 'userData') return launch.userData
    throw new Error(`fake electron: app.getPath('${name}') is not faked`)
  }
  getAppPath(): string {
    return launch.appPath ?? process.cwd()
  }
  getName(): string {
    return 'Liquidity Watch'
  }
  getVersion(): string {
    const pkg = JSON.parse(readFileSync(resolve(this.getAppPath(), 'package.json'), 'utf8'))
    return (pkg as { version: string }).version
  }
  setAppUserModelId(id: string): void {
    this.appUserModelIds.push(id)
  }
  /** The OS lock: the first instance gets it; a later one is refused and the first told. */
  requestSingleInstanceLock(): boolean {
    const holder = globalLock[LOCK]
    if (holder && holder.app !== this && holder.app.exitCode === null) {
      holder.app.emit('second-instance', new FakeEvent(), launch.argv ?? [], process.cwd())
      return false
    }
    globalLock[LOCK] = { app: this }
    this.ownsLock = true
    return true
  }
  setLoginItemSettings(s: { openAtLogin: boolean; args?: string[] }): void {
    this.loginItemSettings.push(s)
  }
  getLoginItemSettings(): { openAtLogin: boolean; wasOpenedAtLogin: boolean } {
    return {
      openAtLogin: this.loginItemSettings.at(-1)?.openAtLogin ?? false,
      wasOpenedAtLogin: false,
    }
  }
  focus(): void {}
  /** Electron's order: before-quit, close every window, will-quit, quit; each can be stopped. */
  quit(): void {
    if (this.exitCode !== null) return
    const beforeQuit = new FakeEvent()
    this.emit('before-quit', beforeQuit)
    if (beforeQuit.defaultPrevented) return
    for (const win of FakeBrowserWindow.getAllWindows()) {
      win.close()
      if (!win.isDestroyed()) return // a window refused to close: the quit is cancelled
    }
    const willQuit = new FakeEvent()
    this.emit('will-quit', willQuit)
    if (willQuit.defaultPrevented) return
    this.finish(0)
    this.emit('quit', new FakeEvent(), 0)
  }
  exit(code = 0): void {
    if (this.exitCode !== null) return
    for (const win of FakeBrowserWindow.getAllWindows()) win.destroy()
    this.finish(code)
  }
  private finish(code: number): void {
    this.exitCode = code
    if (this.ownsLock && globalLock[LOCK]?.app === this) globalLock[LOCK] = null
    this.quitResolve(code)
  }
}

// ── windows and web contents ──

type WindowOpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' }

export class FakeWebContents extends EventEmitter {
  url = ''
  readonly sent: { channel: string; payload: unknown }[] = []
  windowOpenHandler: WindowOpenHandler | null = null
  devToolsOpen = false
  destroyed = false
  send(channel: string, payload: unknown): void {
    if (this.destroyed) throw new Error('Object has been destroyed')
    this.sent.push({ channel, payload })
  }
  /** What was sent on one channel, in order. */
  sentOn(channel: string): unknown[] {
    return this.sent.filter((s) => s.channel === channel).map((s) => s.payload)
  }
  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler
  }
  getURL(): string {
    return this.url
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  openDevTools(): void {
    this.devToolsOpen = true
    this.emit('devtools-opened')
  }
  closeDevTools(): void {
    this.devToolsOpen = false
  }
  /** A navigation the page starts: returns whether the app let it happen. */
  navigate(url: string, event: 'will-navigate' | 'will-redirect' = 'will-navigate'): boolean {
    const e = new FakeEvent(url)
    this.emit(event, e)
    return !e.defaultPrevented
  }
}

export interface BrowserWindowOptions {
  show?: boolean
  title?: string
  icon?: string
  webPreferences?: Record<string, unknown>
  [k: string]: unknown
}

export class FakeBrowserWindow extends EventEmitter {
  private static windows: FakeBrowserWindow[] = []
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.windows.filter((w) => !w.destroyed)
  }
  /** Every window ever made (also destroyed ones), for tests. */
  static made(): FakeBrowserWindow[] {
    return [...FakeBrowserWindow.windows]
  }
  readonly webContents = new FakeWebContents()
  visible = false
  focused = false
  minimized = false
  private destroyed = false

  constructor(readonly options: BrowserWindowOptions = {}) {
    super()
    FakeBrowserWindow.windows.push(this)
    app.emit('web-contents-created', new FakeEvent(), this.webContents)
    if (options.show !== false) this.visible = true
  }
  /** Loads a built file; like Electron, 'ready-to-show' follows once the page has painted. */
  loadFile(path: string): Promise<void> {
    this.webContents.url = pathToFileURL(path).href
    return this.loaded()
  }
  loadURL(url: string): Promise<void> {
    this.webContents.url = url
    return this.loaded()
  }
  private loaded(): Promise<void> {
    setImmediate(() => {
      if (!this.destroyed) this.emit('ready-to-show')
    })
    return Promise.resolve()
  }
  show(): void {
    this.visible = true
    this.minimized = false
  }
  hide(): void {
    this.visible = false
    this.focused = false
  }
  focus(): void {
    this.focused = true
  }
  minimize(): void {
    this.minimized = true
    this.focused = false
  }
  restore(): void {
    this.minimized = false
  }
  isMinimized(): boolean {
    return this.minimized
  }
  isVisible(): boolean {
    return this.visible && !this.minimized
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  /** The user (or app.quit) closes the window; a 'close' listener may refuse. */
  close(): void {
    if (this.destroyed) return
    const e = new FakeEvent()
    this.emit('close', e)
    if (!e.defaultPrevented) this.destroy()
  }
  destroy(): void {
    if (this.destroyed) return
    this.destroyed = true
    this.visible = false
    this.webContents.destroyed = true
    this.emit('closed')
  }
}

// ── tray, menu, images ──

export interface FakeImage {
  path: string
  isEmpty(): boolean
}

export const nativeImage = {
  createFromPath(path: string): FakeImage {
    return { path, isEmpty: () => !existsSync(path) }
  },
}

export interface MenuItemOptions {
  type?: 'normal' | 'separator'
  label?: string
  enabled?: boolean
  click?: () => void
}

export class FakeMenu {
  constructor(readonly items: MenuItemOptions[]) {}
  static buildFromTemplate(template: MenuItemOptions[]): FakeMenu {
    return new FakeMenu(template)
  }
  /** The item whose label starts with `label`; clicking it as the user would. */
  item(label: string): MenuItemOptions {
    const found = this.items.find((i) => i.label?.startsWith(label))
    if (!found) throw new Error(`no menu item "${label}" in ${JSON.stringify(this.labels())}`)
    return found
  }
  click(label: string): void {
    const item = this.item(label)
    if (item.enabled === false) throw new Error(`menu item "${label}" is disabled`)
    item.click?.()
  }
  labels(): string[] {
    return this.items.map((i) => (i.type === 'separator' ? '---' : (i.label ?? '')))
  }
}

export class FakeTray extends EventEmitter {
  static made: FakeTray[] = []
  tooltip = ''
  menu: FakeMenu | null = null
  destroyed = false
  constructor(public image: FakeImage) {
    super()
    FakeTray.made.push(this)
  }
  setToolTip(text: string): void {
    this.tooltip = text
  }
  setImage(image: FakeImage): void {
    this.image = image
  }
  setContextMenu(menu: FakeMenu): void {
    this.menu = menu
  }
  destroy(): void {
    this.destroyed = true
  }
}

// ── notifications ──

/**
 * Like Electron, the fake keeps no strong reference to a notification: one the app drops can be
 * garbage-collected, and with it its click handler. Tests reach them through WeakRefs.
 */
export class FakeNotification extends EventEmitter {
  static made: WeakRef<FakeNotification>[] = []
  static isSupported(): boolean {
    return true
  }
  shown = false
  constructor(readonly options: { title: string; body: string; icon?: string }) {
    super()
    FakeNotification.made.push(new WeakRef(this))
  }
  show(): void {
    this.shown = true
  }
  click(): void {
    this.emit('click', new FakeEvent())
  }
  close(): void {
    this.emit('close', new FakeEvent())
  }
}

// ── main-process services ──

type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown

class FakeIpcMain extends EventEmitter {
  readonly handlers = new Map<string, InvokeHandler>()
  handle(channel: string, handler: InvokeHandler): void {
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.handlers.set(channel, handler)
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel)
  }
  /** The renderer's ipcRenderer.invoke, from a frame at `frameUrl` (top frame unless said). */
  async invoke(
    channel: string,
    frame: { url: string; top?: boolean } | null,
    ...args: unknown[]
  ): Promise<unknown> {
    const handler = this.handlers.get(channel)
    if (!handler) throw new Error(`No handler registered for '${channel}'`)
    const senderFrame = frame ? { url: frame.url, parent: frame.top === false ? {} : null } : null
    return handler({ senderFrame }, ...args)
  }
}

type HeadersListener = (
  details: { url: string; responseHeaders?: Record<string, string[]> },
  callback: (r: { responseHeaders?: Record<string, string[]> }) => void,
) => void
type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { isMainFrame: boolean; requestingUrl: string },
) => void
type PermissionCheckHandler = (
  contents: unknown,
  permission: string,
  origin: string,
  details: { isMainFrame: boolean; requestingUrl?: string },
) => boolean

class FakeSession {
  headersListener: HeadersListener | null = null
  permissionRequestHandler: PermissionRequestHandler | null = null
  permissionCheckHandler: PermissionCheckHandler | null = null
  readonly webRequest = {
    onHeadersReceived: (listener: HeadersListener): void => {
      this.headersListener = listener
    },
  }
  setPermissionRequestHandler(h: PermissionRequestHandler): void {
    this.permissionRequestHandler = h
  }
  setPermissionCheckHandler(h: PermissionCheckHandler): void {
    this.permissionCheckHandler = h
  }
  /** The headers a response reaches the page with, after the app's listener. */
  respond(url: string, responseHeaders: Record<string, string[]> = {}): Record<string, string[]> {
    let out = responseHeaders
    this.headersListener?.({ url, responseHeaders }, (r) => (out = r.responseHeaders ?? out))
    return out
  }
  /** Whether a page asking for `permission` gets it. */
  request(permission: string, requestingUrl: string, isMainFrame = true): Promise<boolean> {
    return new Promise((done) => {
      if (!this.permissionRequestHandler) return done(true) // Electron's default: granted
      this.permissionRequestHandler(null, permission, done, { isMainFrame, requestingUrl })
    })
  }
}

export const app = new FakeApp()
export const ipcMain = new FakeIpcMain()
export const powerMonitor = new EventEmitter()
export const session = { defaultSession: new FakeSession() }
export const shell = {
  opened: [] as string[],
  openExternal(url: string): Promise<void> {
    shell.opened.push(url)
    return Promise.resolve()
  },
  openPath(): Promise<string> {
    return Promise.resolve('')
  },
}
export const nativeTheme = Object.assign(new EventEmitter(), {
  shouldUseDarkColors: false,
  themeSource: 'system' as 'system' | 'light' | 'dark',
})
/** Not used by the app (the key lives in the OS keychain through keytar); here for completeness. */
export const safeStorage = {
  isEncryptionAvailable: (): boolean => false,
  encryptString: (): never => {
    throw new Error('fake electron: safeStorage is unavailable')
  },
  decryptString: (): never => {
    throw new Error('fake electron: safeStorage is unavailable')
  },
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
