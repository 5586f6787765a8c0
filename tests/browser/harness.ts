// Browser test harness: the built renderer in Debian's Chromium, window.api from the real preload
// bundle, the real engine behind the IPC handler table. See harness/*.ts for each part.
import type { Browser } from 'playwright-core'
import { launchChromium } from './harness/chromium'
import { stopRendererServer } from './harness/app'

export {
  startApp,
  writeSettings,
  uniqueKeychainService,
  probeKeychain,
  SCREENSHOT_DIR,
  type App,
  type StartOptions,
} from './harness/app'
export type { IpcRecord, Bridge } from './harness/bridge'
export { launchChromium } from './harness/chromium'

/** One Chromium per test file; each test gets its own context, core and data dir. */
export function browserSuite(): {
  browser: () => Browser
  setup(): Promise<void>
  teardown(): Promise<void>
} {
  let browser: Browser | null = null
  return {
    browser: () => {
      if (!browser) throw new Error('browserSuite().setup() has not run')
      return browser
    },
    setup: async () => {
      browser = await launchChromium()
    },
    teardown: async () => {
      await browser?.close()
      browser = null
      await stopRendererServer()
    },
  }
}
