// One running app per user: a second launch hands over to the first (which shows its window)
// and quits, instead of starting a second poller on the same files.
import { app } from 'electron'
import { APP_ID } from '../../shared/app-id'

/** false when another instance runs: this one is quitting and the root builds nothing. */
export function setupSingleInstance(onSecondLaunch: () => void): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return false
  }
  app.on('second-instance', () => onSecondLaunch())
  // Windows groups notifications and the taskbar entry by it.
  app.setAppUserModelId(APP_ID)
  return true
}
