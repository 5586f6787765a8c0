// The packaged shape of the app, end to end in real Electron: window, title, demo badge and the
// renderer's lack of Node. Skips (loudly) where the Electron binary cannot be installed.
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { _electron, type ElectronApplication, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RendererApi } from '../../src/shared/ipc-contract'
import { electronBinary } from './electron-binary'

// Page functions run in the renderer; the Node tsconfig has no DOM, so name the global here.
declare const window: { api: RendererApi }

const binary = electronBinary()
if (!binary)
  console.warn('Electron binary not installed (npx install-electron); skipping Electron e2e')

describe.skipIf(!binary)('Electron app', () => {
  let app: ElectronApplication
  let page: Page
  let userData: string

  beforeAll(async () => {
    const main = resolve('out/main/index.js')
    if (!existsSync(main))
      throw new Error('out/main/index.js is missing: run `npx electron-vite build` first')
    // Each run gets a fresh profile: demo mode, default settings, no keychain use.
    userData = await mkdtemp(join(tmpdir(), 'lw-e2e-'))
    app = await _electron.launch({
      executablePath: binary!,
      args: [main, `--user-data-dir=${userData}`],
      env: { ...process.env, ELECTRON_RENDERER_URL: '' },
    })
    page = await app.firstWindow()
    await page.waitForLoadState('domcontentloaded')
  })

  afterAll(async () => {
    await app?.close()
    if (userData) await rm(userData, { recursive: true, force: true })
  })

  it('shows the window with the app title', async () => {
    await expect
      .poll(() =>
        app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.isVisible()),
      )
      .toBe(true)
    expect(await page.title()).toBe('Liquidity Watch')
  })

  it('shows the demo badge on first start', async () => {
    const badge = page
      .getByTestId('demo-badge')
      .or(page.getByText(/demo data/i))
      .first()
    await badge.waitFor({ state: 'visible' })
  })

  it('gives the renderer no Node and only the named api', async () => {
    const facts = await page.evaluate(() => ({
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
      invoke: typeof (window.api as unknown as Record<string, unknown>).invoke,
      getStatus: typeof window.api.getStatus,
    }))
    expect(facts).toEqual({
      require: 'undefined',
      process: 'undefined',
      invoke: 'undefined',
      getStatus: 'function',
    })
  })

  it('answers the renderer through the contract', async () => {
    const status = await page.evaluate(() => window.api.getStatus())
    expect(status.mode).toBe('demo')
  })
})
