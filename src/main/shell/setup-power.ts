// Sleep pauses polling and wake resumes it (the core refreshes once then). Screen lock does not:
// a monitor should keep watching, and alerts wait in the tray for the user's return.
import { powerMonitor } from 'electron'

export type PauseReason = 'suspend'
export type ResumeReason = 'resume'

export interface PowerHandlers {
  pause(reason: PauseReason): void
  resume(reason: ResumeReason): void
}

/** Returns a function that stops listening. */
export function watchPower(handlers: PowerHandlers): () => void {
  const onSuspend = (): void => handlers.pause('suspend')
  const onResume = (): void => handlers.resume('resume')
  powerMonitor.on('suspend', onSuspend)
  powerMonitor.on('resume', onResume)
  return () => {
    powerMonitor.off('suspend', onSuspend)
    powerMonitor.off('resume', onResume)
  }
}
