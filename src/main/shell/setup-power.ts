// Sleep pauses polling and wake resumes it (the core refreshes once then). Screen lock does not:
// a monitor should keep watching, and alerts wait in the tray for the user's return.
import { powerMonitor } from 'electron'
import type { AppCore } from '../core/app-core'

/** Returns a function that stops listening. */
export function setupPower(core: Pick<AppCore, 'pause' | 'resume'>): () => void {
  const onSuspend = (): void => core.pause()
  const onResume = (): void => core.resume()
  powerMonitor.on('suspend', onSuspend)
  powerMonitor.on('resume', onResume)
  return () => {
    powerMonitor.off('suspend', onSuspend)
    powerMonitor.off('resume', onResume)
  }
}
