// The real composition root (src/main/index.ts) starting in Node through the Electron fake:
// demo data from the embedded service, a locked-down window, the CSP header, one instance only,
// and a start at login that stays in the tray.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import builderConfig from '../../electron-builder'
import { closeAll, launchApp } from './launch'

afterEach(closeAll)

// The packager's appId, as the installed app is registered with the OS.
const appId = builderConfig.appId

describe('the app started with nothing configured', () => {
  it('polls demo data from the embedded service on 127.0.0.1 and shows it in a locked-down window', async () => {
    const app = await launchApp()
    const status = await app.polled()
    expect(status).toMatchObject({ mode: 'demo', connection: 'online', lastError: null })
    expect(status.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    // The service really answers there (it is the embedded one, not a stand-in).
    const answer = await fetch(`${status.baseUrl}/api/v0/liquidity/asset/TSLA`).catch(() => null)
    expect(answer?.status).toBe(401) // listening, and wants the demo key the app holds

    const rows = await app.call('getWatchlist')
    expect(rows.length).toBeGreaterThan(0)
    for (const r of rows) {
      expect(r.totalTvl, r.symbol).toBeGreaterThan(0)
      expect(r, r.symbol).toMatchObject({ error: null, stale: false, problems: [] })
    }
    // The window was told, through the contract's channels.
    expect(app.events('watchlistUpdated').at(-1)).toEqual(rows)
    expect(app.events('statusChanged').length).toBeGreaterThan(0)

    const windows = app.electron.BrowserWindow.made()
    expect(windows).toHaveLength(1)
    const win = app.window()
    expect(win.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webviewTag: false,
      webSecurity: true,
    })
    expect(String(win.options.webPreferences!['preload'])).toMatch(/preload[\\/]index\.cjs$/)
    expect(win.webContents.url).toMatch(/^file:\/\/.*\/renderer\/index\.html$/)
    expect(win.isVisible()).toBe(true)
    expect(app.electron.app.appUserModelIds).toEqual([appId])
  })

  it('sets the CSP header on every response and refuses navigation, new windows and permissions', async () => {
    const app = await launchApp()
    const session = app.electron.session.defaultSession
    const headers = session.respond('file:///anything.html', { 'X-Other': ['kept'] })
    expect(headers['X-Other']).toEqual(['kept'])
    const csp = headers['Content-Security-Policy']?.[0] ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("connect-src 'none'")

    const contents = app.window().webContents
    const page = contents.url
    expect(contents.navigate('https://evil.example/')).toBe(false)
    expect(contents.navigate('https://evil.example/', 'will-redirect')).toBe(false)
    expect(contents.navigate(`${page}#/settings`)).toBe(true)
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({
      action: 'deny',
    })
    expect(await session.request('geolocation', page)).toBe(false)
    expect(await session.request('clipboard-sanitized-write', page)).toBe(true)
    expect(await session.request('clipboard-sanitized-write', 'https://evil.example/')).toBe(false)
    // An unpackaged build keeps devtools; nothing closes them.
    contents.openDevTools()
    expect(contents.devToolsOpen).toBe(true)
  })

  it('answers IPC only to its own page in the top frame', async () => {
    const app = await launchApp()
    const ipc = app.electron.ipcMain
    const page = app.window().webContents.url
    const foreign = await ipc.invoke('status:get', { url: 'https://evil.example/' })
    const framed = await ipc.invoke('status:get', { url: page, top: false })
    const own = await ipc.invoke('status:get', { url: page })
    expect(foreign).toMatchObject({ ok: false, error: { kind: 'forbidden-sender' } })
    expect(framed).toMatchObject({ ok: false, error: { kind: 'forbidden-sender' } })
    expect(own).toMatchObject({ ok: true, value: { mode: 'demo' } })
    // No link is allowed out: the renderer's openExternal is refused and nothing is opened.
    const link = await ipc.invoke('shell:open-external', { url: page }, 'https://github.com/')
    expect(link).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } })
    expect(app.electron.shell.opened).toEqual([])
  })

  it('logs a refused IPC call in the main log with its channel and the sender origin', async () => {
    const app = await launchApp()
    const logged: string[] = []
    const spy = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => {
      logged.push(a.map(String).join(' '))
    })
    try {
      await app.electron.ipcMain.invoke('key:clear', { url: 'https://evil.example/p?secret=1' })
    } finally {
      spy.mockRestore()
    }
    expect(logged).toContain(
      '[main] IPC call refused: key:clear from https://evil.example (not the app page)',
    )
  })
})

describe('one instance', () => {
  it('a second launch focuses the first window and quits without starting anything', async () => {
    const first = await launchApp()
    await first.polled()
    first.window().close() // to the tray
    expect(first.window().isVisible()).toBe(false)

    const second = await launchApp({ userData: first.userData, waitForStart: false })
    expect(await second.electron.app.exited).toBe(0)
    expect(second.electron.BrowserWindow.made()).toHaveLength(0)
    expect(second.electron.Tray.made).toHaveLength(0)
    expect(second.electron.ipcMain.handlers.size).toBe(0)

    const win = first.window()
    expect(win.isVisible()).toBe(true)
    expect(win.focused).toBe(true)
    expect(first.electron.app.exitCode).toBeNull()
  })

  it('a second launch restores a minimised window', async () => {
    const first = await launchApp()
    first.window().minimize()
    await launchApp({ userData: first.userData, waitForStart: false })
    expect(first.window().isVisible()).toBe(true)
    expect(first.window().focused).toBe(true)
  })
})

describe('start at login', () => {
  let configHome: string | null = null
  const xdg = process.env.XDG_CONFIG_HOME
  afterEach(async () => {
    if (xdg === undefined) delete process.env.XDG_CONFIG_HOME
    else process.env.XDG_CONFIG_HOME = xdg
    if (configHome) await rm(configHome, { recursive: true, force: true })
    configHome = null
  })

  it.runIf(process.platform === 'linux')(
    'turning it on writes an autostart entry with --hidden; that launch stays in the tray and polls',
    async () => {
      configHome = await mkdtemp(join(tmpdir(), 'lw-xdg-'))
      process.env.XDG_CONFIG_HOME = configHome
      const app = await launchApp()
      await app.call('updateSettings', { startAtLogin: true })
      const entry = await readFile(join(configHome, 'autostart', 'liquidity-watch.desktop'), 'utf8')
      expect(entry).toMatch(/^Exec=.* --hidden$/m)
      await app.quit()

      const atLogin = await launchApp({ userData: app.userData, argv: ['--hidden'] })
      const status = await atLogin.polled()
      expect(status.connection).toBe('online')
      expect(atLogin.window().isVisible()).toBe(false)
      expect(atLogin.tray().destroyed).toBe(false)
      // The user opens it from the tray.
      atLogin.tray().emit('click')
      expect(atLogin.window().isVisible()).toBe(true)

      await atLogin.call('updateSettings', { startAtLogin: false })
      await expect(
        readFile(join(configHome, 'autostart', 'liquidity-watch.desktop'), 'utf8'),
      ).rejects.toThrow(/ENOENT/)
    },
  )
})
