// The fake BrowserWindow: show/hide/focus/minimize state, a 'close' the app may refuse, and
// 'ready-to-show' after a load, as Electron does.
import { EventEmitter } from 'node:events'
import { pathToFileURL } from 'node:url'
import { app } from './app'
import { FakeEvent } from './event'
import { FakeWebContents } from './web-contents'
import { addWindow, allWindows, openWindows } from './windows'

export interface BrowserWindowOptions {
  show?: boolean
  title?: string
  icon?: string
  webPreferences?: Record<string, unknown>
  [k: string]: unknown
}

export class FakeBrowserWindow extends EventEmitter {
  static getAllWindows(): FakeBrowserWindow[] {
    return openWindows()
  }
  static getFocusedWindow(): FakeBrowserWindow | null {
    return openWindows().find((w) => w.focused) ?? null
  }
  /** Every window ever made (also destroyed ones), for tests. */
  static made(): FakeBrowserWindow[] {
    return allWindows()
  }
  readonly webContents = new FakeWebContents()
  visible = false
  focused = false
  minimized = false
  private destroyed = false

  constructor(readonly options: BrowserWindowOptions = {}) {
    super()
    addWindow(this)
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
