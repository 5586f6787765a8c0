// Quitting waits for the core: before-quit is held until the cache, alert state and log are
// saved and the connection closed, then the quit goes ahead (windows close, the tray goes). A save
// that hangs (a stuck disk) gets a bounded time: the app must always be able to quit.
import { app } from 'electron'
import type { AppCore } from '../core/app-core'
import type { AppTray } from './tray'

/** How long a quit waits for the core to finish saving. */
export const STOP_TIMEOUT_MS = 5_000

export function setupQuit(o: {
  core: Pick<AppCore, 'stop'>
  tray: AppTray
  log: (line: string) => void
  stopTimeoutMs?: number
}): void {
  const limitMs = o.stopTimeoutMs ?? STOP_TIMEOUT_MS
  let stopping: Promise<void> | null = null
  let stopped = false
  app.on('before-quit', (event) => {
    if (stopped) return
    event.preventDefault()
    if (stopping) return
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        o.log(`quit: the core did not finish saving within ${limitMs} ms; quitting anyway`)
        resolve()
      }, limitMs)
    })
    stopping = Promise.race([
      o.core.stop().catch((e: unknown) => o.log(`stop failed: ${String(e)}`)),
      timeout,
    ]).finally(() => {
      clearTimeout(timer)
      stopped = true
      o.tray.destroy()
      app.quit()
    })
  })
}
