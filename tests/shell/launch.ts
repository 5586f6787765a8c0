// Runs the real src/main/index.ts in Node against the Electron fake (tests/mocks/electron/):
// the real core, the real embedded service on 127.0.0.1 (or a test's live one), a temp userData.
// Tests act as the renderer through the registered IPC handlers, and as the user and the OS
// through the fake's windows, tray, notifications and powerMonitor.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Conf from 'conf'
import { vi } from 'vitest'
import { openSettings } from '../../src/main/engine/settings/settings-store'
import { REQUEST_CHANNELS, type IpcEvent, EVENT_CHANNELS } from '../../src/shared/ipc-channels'
import type {
  IpcArgs,
  IpcEventPayloads,
  IpcResult,
  IpcResults,
} from '../../src/shared/ipc-contract'
import type { IpcMethod } from '../../src/shared/ipc-channels'
import type { Settings } from '../../src/shared/settings-schema'
import type { EngineStatus } from '../../src/shared/view-models'
import type * as FakeElectron from '../mocks/electron'

export type Fake = typeof FakeElectron

export interface LaunchOptions {
  /** Reuse a data dir (a restart, or a second instance); default: a fresh temp dir. */
  userData?: string
  /** Command-line arguments after the app path (e.g. --hidden from the login item). */
  argv?: string[]
  /** Settings written to userData before the app opens it. */
  settings?: Partial<Settings>
  /** false for a launch that is expected to hand over to a running instance. */
  waitForStart?: boolean
}

export interface RunningApp {
  electron: Fake
  userData: string
  window(): FakeElectron.FakeBrowserWindow
  tray(): FakeElectron.FakeTray
  /** What the renderer gets from window.api.<method>(…): through ipcMain, as the app's page. */
  call<M extends IpcMethod>(method: M, ...args: IpcArgs<M>): Promise<IpcResults[M]>
  /** Payloads the window was sent for one event, in order. */
  events<E extends IpcEvent>(event: E): IpcEventPayloads[E][]
  /** Waits until a poll that started after `after` has finished; returns the status then. */
  polled(after?: string | null): Promise<EngineStatus>
  /** Quits as the OS would (app.quit) and waits until the app has really quit. */
  quit(): Promise<number>
}

const running: RunningApp[] = []
const ownDirs: string[] = []

export function seedSettings(dir: string, patch: Partial<Settings>): void {
  const create = ({ cwd, configName }: { cwd: string; configName: string }): Conf =>
    new Conf({ cwd, configName, projectName: 'lw-shell-test' })
  openSettings({ dir, create }).update((s) => ({ ...s, ...patch }))
}

export async function launchApp(o: LaunchOptions = {}): Promise<RunningApp> {
  const userData = o.userData ?? (await mkdtemp(join(tmpdir(), 'lw-shell-')))
  if (!o.userData) ownDirs.push(userData)
  if (o.settings) seedSettings(userData, o.settings)
  // A fresh module graph: a fresh fake Electron and a fresh run of index.ts.
  vi.resetModules()
  const electron = await import('../mocks/electron')
  electron.configureLaunch({ userData, argv: o.argv ?? [] })
  const argv = process.argv
  process.argv = [argv[0]!, 'liquidity-watch', ...(o.argv ?? [])]
  try {
    await import('../../src/main/index')
    if (o.waitForStart !== false) {
      await vi.waitFor(
        () => {
          if (electron.app.exitCode !== null) throw new Error('the app quit while starting')
          if (electron.Tray.made.length === 0) throw new Error('not started yet')
        },
        { timeout: 15_000, interval: 10 },
      )
    } else {
      await electron.app.whenReady()
    }
  } finally {
    process.argv = argv
  }

  const window = (): FakeElectron.FakeBrowserWindow => {
    const w = electron.BrowserWindow.made()[0]
    if (!w) throw new Error('the app made no window')
    return w
  }
  const call = async <M extends IpcMethod>(
    method: M,
    ...args: IpcArgs<M>
  ): Promise<IpcResults[M]> => {
    const frame = { url: window().webContents.url }
    const r = (await electron.ipcMain.invoke(
      REQUEST_CHANNELS[method],
      frame,
      ...args,
    )) as IpcResult<IpcResults[M]>
    if (!r.ok) throw new Error(`${method}: ${r.error.kind}: ${r.error.message}`)
    return r.value
  }
  const app: RunningApp = {
    electron,
    userData,
    window,
    tray: () => {
      const t = electron.Tray.made[0]
      if (!t) throw new Error('the app made no tray')
      return t
    },
    call,
    events: (event) => window().webContents.sentOn(EVENT_CHANNELS[event]) as never[],
    polled: async (after = null) => {
      let status: EngineStatus | null = null
      await vi.waitFor(
        async () => {
          status = await call('getStatus')
          const done = status.lastAttemptAt !== null && !status.refreshing
          if (!done || (after !== null && status.lastAttemptAt! <= after))
            throw new Error(`no new poll yet: ${JSON.stringify(status)}`)
        },
        { timeout: 15_000, interval: 20 },
      )
      return status!
    },
    quit: () => {
      electron.app.quit()
      return electron.app.exited
    },
  }
  running.push(app)
  return app
}

/** afterEach: quit every app still running (flushing its files), then remove temp dirs. */
export async function closeAll(): Promise<void> {
  for (const app of running.splice(0)) {
    if (app.electron.app.exitCode === null) {
      app.electron.app.quit()
      await app.electron.app.exited
    }
  }
  for (const dir of ownDirs.splice(0)) await rm(dir, { recursive: true, force: true })
}
