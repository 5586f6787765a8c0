// Composition root: the only place that builds the app. Each setup step is a shell module;
// all behaviour lives in the Electron-free core and IPC table.
import { app, session, type BrowserWindow } from 'electron'
import ElectronStore from 'electron-store'
import { createAppCore, type AppCore } from './core/app-core'
import { KeytarSecretStore } from './engine/secret-store-keytar'
import { keychainServiceName } from './engine/secret-store'
import { withOverrides } from './ipc/core-types'
import { fanOutEventSink, type EventSink } from './ipc/events'
import { createIpcHandlers } from './ipc/handlers'
import { appPaths } from './shell/app-paths'
import { registerIpcHandlers, windowEventSink } from './shell/ipc-main'
import { APP_ID } from './shell/launch-args'
import { applyLoginItem, wasStartedHidden } from './shell/login-item'
import { createElectronNotifier } from './shell/notifications'
import { isAllowedExternalUrl } from './shell/open-external'
import { watchPower } from './shell/power'
import { hardenAllWebContents, hardenSession, openExternalIfAllowed } from './shell/security'
import { createAppTray, type AppTray } from './shell/tray'
import type { TrayAction } from './shell/tray-model'
import { createMainWindow, keepInTrayOnClose, showWindow } from './shell/window'

const log = (line: string): void => console.log(`[main] ${line}`)

function main(): void {
  // A second launch focuses the running app instead of starting another poller.
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  app.setAppUserModelId(APP_ID)

  const paths = appPaths({
    mainDir: import.meta.dirname,
    appPath: app.getAppPath(),
    resourcesPath: process.resourcesPath,
    isPackaged: app.isPackaged,
    devServerUrl: process.env['ELECTRON_RENDERER_URL'],
  })
  const allowExternal = (url: string): boolean => isAllowedExternalUrl(url)
  hardenAllWebContents({
    renderer: paths.renderer,
    isPackaged: app.isPackaged,
    isAllowedExternalUrl: allowExternal,
    log,
  })

  let win: BrowserWindow | null = null
  let tray: AppTray | null = null
  let core: AppCore | null = null
  let quitting = false
  let stopped = false

  app.on('second-instance', () => showWindow(win))
  app.on('activate', () => showWindow(win))
  // The app lives in the tray: closing the last window must not quit it.
  app.on('window-all-closed', () => undefined)
  app.on('before-quit', () => {
    quitting = true
  })
  app.on('will-quit', (event) => {
    if (stopped || !core) return
    // Let the core flush its cache and close the connection, then quit for real.
    event.preventDefault()
    const c = core
    c.stop()
      .catch((e: unknown) => log(`stop failed: ${String(e)}`))
      .finally(() => {
        stopped = true
        tray?.destroy()
        app.quit()
      })
  })

  const start = async (): Promise<void> => {
    hardenSession(session.defaultSession, {
      renderer: paths.renderer,
      isPackaged: app.isPackaged,
      log,
    })
    const statusToTray: EventSink = (event, payload) => {
      if (event === 'statusChanged') tray?.update(payload as Parameters<AppTray['update']>[0])
    }
    const emit = fanOutEventSink([windowEventSink(() => win), statusToTray], (e) =>
      log(`event sink: ${String(e)}`),
    )
    const notifier = createElectronNotifier({
      icon: paths.appIcon,
      onClick: (symbol) => {
        showWindow(win)
        emit('navigate', symbol ? { view: 'asset', symbol } : { view: 'alerts' })
      },
    })

    const appCore = await createAppCore({
      dataDir: app.getPath('userData'),
      // electron-store is constructed here only: it imports electron at load.
      createSettingsStore: ({ cwd, configName }) => new ElectronStore({ cwd, name: configName }),
      secretStore: new KeytarSecretStore({ service: keychainServiceName(app.isPackaged) }),
      emit,
      notify: (decision) => notifier.notify(decision),
      isPackaged: app.isPackaged,
      log,
    })
    core = appCore
    for (const report of appCore.reports()) log(report)
    const settings = await appCore.getSettings()
    applyLoginItem(settings.startAtLogin).catch((e: unknown) => log(`login item: ${String(e)}`))

    // What only the shell can do: open links, register the login item.
    const ipcCore = withOverrides(appCore, {
      openExternal: (url) => openExternalIfAllowed(url, allowExternal),
      updateSettings: async (patch) => {
        const next = await appCore.updateSettings(patch)
        if (patch.startAtLogin !== undefined) await applyLoginItem(next.startAtLogin)
        return next
      },
    })
    const table = createIpcHandlers(ipcCore, {
      isAllowedExternalUrl: allowExternal,
      onError: (method, e) =>
        log(`${method} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`),
    })
    registerIpcHandlers(table, paths.renderer)

    win = createMainWindow({
      preloadPath: paths.preload,
      renderer: paths.renderer,
      isPackaged: app.isPackaged,
      startHidden: wasStartedHidden(process.argv),
      icon: paths.appIcon,
      log,
    })
    keepInTrayOnClose(win, () => quitting)

    const onTrayAction = (action: TrayAction): void => {
      const run = (p: Promise<unknown>): void => {
        p.catch((e: unknown) => log(`tray ${action} failed: ${String(e)}`))
      }
      if (action === 'open') showWindow(win)
      else if (action === 'refresh') run(appCore.refreshNow())
      else if (action === 'pause-1h') run(appCore.pauseNotifications(60))
      else if (action === 'resume-notifications') run(appCore.pauseNotifications(0))
      else app.quit()
    }
    tray = createAppTray({ iconDir: paths.trayIconDir, onAction: onTrayAction })
    tray.update(await appCore.getStatus())

    watchPower({ pause: () => appCore.pause(), resume: () => appCore.resume() })
    appCore.start()
  }

  app
    .whenReady()
    .then(start)
    .catch((e: unknown) => {
      log(`start-up failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
      app.exit(1)
    })
}

main()
