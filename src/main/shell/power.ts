// Sleep and screen lock pause polling; wake and unlock resume it (the core refreshes then).
import { powerMonitor } from 'electron'

export type PauseReason = 'suspend' | 'lock-screen'
export type ResumeReason = 'resume' | 'unlock-screen'

export interface PowerHandlers {
  pause(reason: PauseReason): void
  resume(reason: ResumeReason): void
}

/** Returns a function that stops listening. */
export function watchPower(handlers: PowerHandlers): () => void {
  const onSuspend = (): void => handlers.pause('suspend')
  const onLock = (): void => handlers.pause('lock-screen')
  const onResume = (): void => handlers.resume('resume')
  const onUnlock = (): void => handlers.resume('unlock-screen')
  powerMonitor.on('suspend', onSuspend)
  powerMonitor.on('lock-screen', onLock)
  powerMonitor.on('resume', onResume)
  powerMonitor.on('unlock-screen', onUnlock)
  return () => {
    powerMonitor.off('suspend', onSuspend)
    powerMonitor.off('lock-screen', onLock)
    powerMonitor.off('resume', onResume)
    powerMonitor.off('unlock-screen', onUnlock)
  }
}
