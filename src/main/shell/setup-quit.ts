// Quitting waits for the core: before-quit is held until the cache, alert state and log are
// saved and the connection closed, then the quit goes ahead (windows close, the tray goes).
import { app } from 'electron'
import type { AppCore } from '../core/app-core'
import type { AppTray } from './tray'

export function setupQuit(o: {
  core: Pick<AppCore, 'stop'>
  tray: AppTray
  log: (line: string) => void
}): void {
  let stopping: Promise<void> | null = null
  let stopped = false
  app.on('before-quit', (event) => {
    if (stopped) return
    event.preventDefault()
    stopping ??= o.core
      .stop()
      .catch((e: unknown) => o.log(`stop failed: ${String(e)}`))
      .finally(() => {
        stopped = true
        o.tray.destroy()
        app.quit()
      })
  })
}
