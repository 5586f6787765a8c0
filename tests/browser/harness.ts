// Browser test harness: the built renderer in Debian's Chromium, window.api from the real preload
// bundle, the real engine behind the IPC handler table. See harness/*.ts for each part.
import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { launchChromium } from './harness/chromium'
import { startApp, stopRendererServer, type App, type StartOptions } from './harness/app'

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

/**
 * The usual test-file lifecycle in one call: Chromium for the file, and every app a test starts
 * closed after that test, pass or fail.
 */
export function useBrowserApps(): {
  start(o?: StartOptions): Promise<App>
  browser: () => Browser
} {
  const suite = browserSuite()
  const open: App[] = []
  beforeAll(suite.setup)
  afterAll(suite.teardown)
  afterEach(async () => {
    for (const app of open.splice(0)) await app.close()
  })
  return {
    browser: suite.browser,
    start: async (o) => {
      const app = await startApp(suite.browser(), o)
      open.push(app)
      return app
    },
  }
}
