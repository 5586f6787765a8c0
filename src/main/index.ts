// Composition root: the only place that builds the app, as a list of setups read top to bottom.
// Each setup is a shell module taking what it needs; all behaviour lives in the Electron-free
// core and IPC table. To add one: docs/ARCHITECTURE.md, "Composition root".
import { app } from 'electron'
import type { AppCore } from './core/app-core'
import { eventHub } from './ipc/events'
import { appPaths, type AppPaths } from './shell/app-paths'
import { cliArgs } from './shell/launch-args'
import { wasStartedHidden } from './shell/login-item'
import { runCliInApp } from './shell/run-cli'
import { setupCore } from './shell/setup-core'
import { setupIpc } from './shell/setup-ipc'
import { setupLoginItem } from './shell/setup-login-item'
import { setupNotifications } from './shell/setup-notifications'
import { setupPower } from './shell/setup-power'
import { setupQuit } from './shell/setup-quit'
import { setupSecurity } from './shell/setup-security'
import { setupSingleInstance } from './shell/setup-single-instance'
import { setupTray } from './shell/setup-tray'
import { setupWindow, type AppWindow } from './shell/setup-window'

const log = (line: string): void => console.log(`[main] ${line}`)

/** Made during start; a second launch or a notification click before then finds none. */
let mainWindow: AppWindow | null = null

function main(): void {
  if (!setupSingleInstance(() => mainWindow?.show())) return
  const paths = appPaths({
    mainDir: import.meta.dirname,
    appPath: app.getAppPath(),
    resourcesPath: process.resourcesPath,
    isPackaged: app.isPackaged,
    devServerUrl: process.env['ELECTRON_RENDERER_URL'],
  })
  app
    .whenReady()
    .then(() => start(paths))
    .catch((e: unknown) => {
      log(`start-up failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
      app.exit(1)
    })
}

async function start(paths: AppPaths): Promise<void> {
  const { isPackaged } = app
  const links = setupSecurity({ renderer: paths.renderer, isPackaged, log })
  // The core emits from its first moment; window and tray listen once they exist.
  const events = eventHub((e) => log(`event sink: ${String(e)}`))
  // The core takes the notify call, so it is made after the notifier; a snooze from a
  // notification (shown only once the core runs) goes through it.
  let core: AppCore | null = null
  const notifier = setupNotifications({
    icon: paths.appIcon,
    open: (to) => mainWindow?.navigate(to),
    snooze: (req) => core?.snooze(req) ?? Promise.resolve(),
    log,
  })
  core = await setupCore({ emit: events.emit, notify: (d) => notifier.notify(d), log })
  const applyLoginItem = await setupLoginItem(core, log)
  // Handlers before the window: the page may call as soon as it loads.
  setupIpc({ core, links, renderer: paths.renderer, applyLoginItem, log })
  const window = setupWindow({
    paths,
    isPackaged,
    startHidden: wasStartedHidden(process.argv),
    log,
  })
  mainWindow = window
  events.add(window.events)
  const tray = await setupTray({
    core,
    iconDir: paths.trayIconDir,
    openWindow: window.show,
    navigate: window.navigate,
    log,
  })
  events.add(tray.events)
  setupPower(core)
  setupQuit({ core, tray: tray.tray, log })
  // The window is loading: its first rows come from the cache before the first poll's work.
  core.start({ afterWindowRows: true })
}

// `--cli`: the liquidity-watch command in the app's runtime, before anything of the app starts.
const command = cliArgs(process.argv)
if (command === null) main()
else void runCliInApp(command, (code) => app.exit(code))
