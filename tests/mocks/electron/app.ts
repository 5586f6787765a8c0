// The fake `app`: ready on the next turn, Electron's quit sequence, the single-instance lock, the
// login item and the AppUserModelID the app set.
import { EventEmitter } from 'node:events'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { FakeEvent } from './event'
import { currentLaunch } from './launch'
import { openWindows } from './windows'

// The single-instance lock is an OS fact: shared through globalThis by every copy of the fake.
interface LockHolder {
  app: FakeApp
}
const LOCK = Symbol.for('liquidity-watch.fake-electron.single-instance-lock')
const globalLock = globalThis as { [LOCK]?: LockHolder | null }

export class FakeApp extends EventEmitter {
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
    return currentLaunch().isPackaged ?? false
  }
  whenReady(): Promise<void> {
    return this.ready
  }
  getPath(name: string): string {
    if (name === 'userData') return currentLaunch().userData
    // The file dialogs' starting folder only; nothing is written there.
    if (name === 'documents') return resolve(currentLaunch().userData, 'Documents')
    throw new Error(`fake electron: app.getPath('${name}') is not faked`)
  }
  getAppPath(): string {
    return currentLaunch().appPath ?? process.cwd()
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
      holder.app.emit('second-instance', new FakeEvent(), currentLaunch().argv ?? [], process.cwd())
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
    for (const win of openWindows()) {
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
    for (const win of openWindows()) win.destroy()
    this.finish(code)
  }
  private finish(code: number): void {
    this.exitCode = code
    if (this.ownsLock && globalLock[LOCK]?.app === this) globalLock[LOCK] = null
    this.quitResolve(code)
  }
}

export const app = new FakeApp()
