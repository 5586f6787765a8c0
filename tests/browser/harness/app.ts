// One app under test: the REAL core (temp dataDir, conf-backed settings, keychain secret store,
// embedded local service) behind the handler table main registers, and a fresh Chromium page
// whose window.api is the real preload bundle talking to that table.
import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Conf from 'conf'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createAppCore, type AppCore } from '../../../src/main/core/app-core'
import type { SecretStore } from '../../../src/main/engine/secrets/secret-store'
import { KeytarSecretStore } from '../../../src/main/engine/secrets/secret-store-keytar'
import { contactPointSecretsBeside } from '../../../src/main/engine/secrets/contact-point-secrets'
import { channelFor } from '../../../src/main/engine/delivery/channels/registry'
import { createConfigFileCalls } from '../../../src/main/ipc/config-files'
import { withOverrides } from '../../../src/main/ipc/core-types'
import { createIpcHandlers, type IpcHandlerTable } from '../../../src/main/ipc/handlers'
import type { EventSink } from '../../../src/main/ipc/events'
import { startLocalService, type LocalService } from '../../../src/dev-service/server'
import type { NotificationDecision } from '../../../src/shared/alert-rules'
import type { IpcMethod } from '../../../src/shared/ipc-channels'
import type { IpcArgs, IpcResults } from '../../../src/shared/ipc-contract'
import { defaultSettings, type Settings } from '../../../src/shared/settings-schema'
import { installBridge, type Bridge } from './bridge'
import { shareTestClock } from './chromium'
import { testFileDialog, type TestFileDialog } from './file-dialog'
import { ensureBuilt, PRELOAD_FILE, RENDERER_DIR, ROOT } from './build'
import { serveDir, type StaticServer } from './static-server'

export const SCREENSHOT_DIR = join(ROOT, 'test-results/screenshots')

export interface StartOptions {
  colorScheme?: 'light' | 'dark'
  /** Edits the settings written before the core opens (default: a fresh install's defaults). */
  settings?: (s: Settings) => Settings
  /** Reuse a prepared data directory (kept on close). Default: a new temp dir, removed on close. */
  dataDir?: string
  /** A real keychain entry under a unique service name (removed on close). Default false. */
  keychain?: boolean
  /** Added to every response of the embedded service. */
  latencyMs?: number
  /** The embedded service serves a generated universe of this many assets (26 real first). */
  universe?: number
  /** The embedded service's clock (its figures are a function of it); default: the real time. */
  serviceClock?: () => Date
  /** Start the core's poller (first cycle at once). Default true. */
  start?: boolean
  /** Start it as main does: the first poll once the window has every row (AppCore.start). */
  afterWindowRows?: boolean
  /** Load the page. Default true; false leaves navigation to the caller (benchmarks). */
  navigate?: boolean
  viewport?: { width: number; height: number }
  /** Demo mode's first start as the app does it: the demo week in an empty history. */
  seedDemoHistory?: boolean
}

export interface App {
  page: Page
  context: BrowserContext
  core: AppCore
  table: IpcHandlerTable
  bridge: Bridge
  /** The embedded service the core started (null once closed by closeService). */
  service: () => LocalService | null
  /** Decisions that reached the OS notification call (the boundary). */
  notifications: NotificationDecision[]
  secretStore: SecretStore
  /** URLs the renderer asked the shell to open (shell.openExternal is the boundary). */
  openedUrls: string[]
  /** Settings → Export/Import's file dialog (the OS boundary): queue the user's picks. */
  fileDialog: TestFileDialog
  pageErrors: string[]
  dataDir: string
  url: string
  /** Calls window.api[method] in the page, through the preload and the handler table. */
  invoke<M extends IpcMethod>(method: M, ...args: IpcArgs<M>): Promise<IpcResults[M]>
  closeService(): Promise<void>
  screenshot(name: string): Promise<string>
  close(): Promise<void>
}

let server: StaticServer | null = null

/** The built renderer on 127.0.0.1, once per test file. */
async function rendererServer(): Promise<StaticServer> {
  ensureBuilt()
  server ??= await serveDir(RENDERER_DIR)
  return server
}

export async function stopRendererServer(): Promise<void> {
  await server?.close()
  server = null
}

export function writeSettings(dataDir: string, edit: (s: Settings) => Settings = (s) => s): void {
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify(edit(defaultSettings()), null, 2))
}

export function uniqueKeychainService(): string {
  return `Liquidity Watch (browser test ${process.pid}-${randomUUID().slice(0, 8)})`
}

/** Whether a Secret Service answers here (scripts/test.sh runs one in a private D-Bus session). */
export async function probeKeychain(): Promise<{ ok: boolean; message: string }> {
  const store = new KeytarSecretStore({ service: uniqueKeychainService(), timeoutMs: 5000 })
  const s = await store.status()
  return { ok: s.keychainAvailable, message: s.message ?? 'the keychain answers' }
}

/** A secret store that reports no keychain, for runs without one (key tests skip). */
const noKeychain: SecretStore = {
  get: () => Promise.resolve(null),
  read: () => Promise.resolve(null),
  set: () => Promise.reject(new Error('no keychain in this test')),
  clear: () => Promise.resolve(),
  status: () =>
    Promise.resolve({
      stored: false,
      keychainAvailable: false,
      message: 'No keychain in this test.',
    }),
}

export async function startApp(browser: Browser, o: StartOptions = {}): Promise<App> {
  const srv = await rendererServer()
  const ownDir = o.dataDir === undefined
  const dataDir = o.dataDir ?? mkdtempSync(join(tmpdir(), 'lw-browser-'))
  if (ownDir || o.settings) writeSettings(dataDir, o.settings)

  const context = await browser.newContext({
    colorScheme: o.colorScheme ?? 'light',
    viewport: o.viewport ?? { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
  })
  await shareTestClock(context)
  const page = await context.newPage()
  const pageErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(e.message))

  let table: IpcHandlerTable | null = null
  const bridge = await installBridge(
    page,
    () => {
      if (!table) throw new Error('the core is not ready')
      return table
    },
    PRELOAD_FILE,
  )
  // Before the page has loaded, a delivery finds no listener and is dropped, as webContents.send.
  const emit: EventSink = (event, payload) => bridge.deliver(event, payload)
  const notifications: NotificationDecision[] = []
  let service: LocalService | null = null
  const secretStore = o.keychain
    ? new KeytarSecretStore({ service: uniqueKeychainService(), timeoutMs: 5000 })
    : noKeychain

  const core = await createAppCore({
    dataDir,
    createSettingsStore: ({ cwd, configName }) =>
      new Conf({ cwd, configName, projectName: 'liquidity-watch-test' }),
    secretStore,
    emit,
    notify: (d) => notifications.push(d),
    isPackaged: false,
    embeddedService: {
      start: async (opts) =>
        (service = await startLocalService({
          ...opts,
          ...(o.universe !== undefined ? { universe: o.universe } : {}),
          ...(o.serviceClock ? { now: o.serviceClock } : {}),
        })),
      ...(o.latencyMs !== undefined ? { latencyMs: o.latencyMs } : {}),
    },
    ...(o.seedDemoHistory ? { seedDemoHistory: true } : {}),
    // Real retries, short back-off: an outage is detected in seconds, not minutes.
    client: { retry: { baseMs: 20, capMs: 100 }, timeoutMs: 5000 },
    // Contact points as the app sends to them (setup-core.ts), with a short back-off.
    delivery: {
      channelFor,
      secrets: contactPointSecretsBeside(secretStore),
      retry: { baseMs: 50, capMs: 500, maxRetryAfterMs: 5000 },
    },
  })
  // As main does: the core plus what only the shell can do (opening links is an OS boundary here).
  const openedUrls: string[] = []
  const fileDialog = testFileDialog()
  const handlers = createIpcHandlers(
    withOverrides(core, {
      openExternal: (url) => {
        openedUrls.push(url)
        return Promise.resolve()
      },
    }),
    { configFiles: createConfigFileCalls(core, fileDialog) },
  )
  table = handlers
  if (o.start !== false) core.start({ afterWindowRows: o.afterWindowRows === true })
  if (o.navigate !== false) await page.goto(srv.url)

  const app: App = {
    page,
    context,
    core,
    table: handlers,
    bridge,
    service: () => service,
    notifications,
    secretStore,
    openedUrls,
    fileDialog,
    pageErrors,
    dataDir,
    url: srv.url,
    invoke: (method, ...args) =>
      page.evaluate(
        ([m, a]) =>
          (globalThis as unknown as { api: Record<string, (...x: unknown[]) => Promise<unknown>> })
            .api[m]!(...a),
        [method, args] as [string, unknown[]],
      ) as never,
    closeService: async () => {
      await service?.close()
      service = null
    },
    screenshot: async (name) => {
      mkdirSync(SCREENSHOT_DIR, { recursive: true })
      const path = join(SCREENSHOT_DIR, `${name}.png`)
      await page.screenshot({ path, animations: 'disabled' })
      return path
    },
    close: async () => {
      await core.stop().catch(() => undefined)
      await context.close().catch(() => undefined)
      if (o.keychain) await secretStore.clear().catch(() => undefined)
      if (ownDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
  return app
}
