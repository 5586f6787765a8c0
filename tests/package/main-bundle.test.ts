// The packaged main process carries the demo data service and nothing of the local service's test
// machinery: no /__admin routes, no faults, no scenarios (those live in src/dev-service, for
// `npm run service` and the tests). It does carry the liquidity-watch command, for the app
// binary's `--cli` switch. Built fresh into a temporary directory (in out/, so the bundle finds
// its dependencies in node_modules as the app does), so a stale out/ cannot make it pass.
import { execFile, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startLocalService } from '../../src/dev-service/server'
import { cli } from '../cli/run-cli'
import { WebhookReceiver } from '../support/webhook-receiver'

const run = promisify(execFile)
const root = resolve('.')
let work: string
let bundle: string

beforeAll(async () => {
  await mkdir(join(root, 'out'), { recursive: true })
  work = await mkdtemp(join(root, 'out', '.main-bundle-'))
  const outDir = join(work, 'out')
  await run(join(root, 'node_modules', '.bin', 'electron-vite'), ['build', '--outDir', outDir], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  })
  const dir = join(outDir, 'main')
  const files = (await readdir(dir)).filter((f) => f.endsWith('.js'))
  bundle = (await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')))).join('\n')
}, 120_000)

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true })
})

describe('the main bundle', () => {
  it('serves the demo data (the embedded service is there)', () => {
    expect(bundle.includes('/api/v0/liquidity')).toBe(true)
    expect(bundle.includes('lw-demo-key-')).toBe(true)
  })

  it('plays the app’s own demo stories (service/demo-stories.ts, not the scenarios)', () => {
    expect(bundle.includes('of its TVL now')).toBe(true)
  })

  it.each([
    ['the admin routes', '/__admin'],
    ['the fault kinds', 'malformed-json'],
    ['the fault kinds (captive portal page)', 'html-200'],
    ['the scenario kinds', 'issuer-migration'],
    ['the scenario kinds (backtest year)', 'known-drops'],
    ['the scenario kinds (contradicting change)', 'reported-change'],
  ])('has none of %s (%s)', (_what, marker) => {
    // A boolean, so a failure names the marker instead of printing the whole bundle.
    expect(bundle.includes(marker), `out/main contains "${marker}"`).toBe(false)
  })
})

interface AppRun {
  code: number
  stdout: string
  stderr: string
  /** What of the desktop app started (tests/package/app-main-host.ts). */
  started: { code: number; windows: number; trays: number; askedForLock: boolean }
}

/** The built main bundle started as `<app binary> --cli …`, in Node with the Electron fake. */
function appCli(args: string[], env: Record<string, string> = {}): Promise<AppRun> {
  const name = createHash('sha256').update(JSON.stringify(args)).digest('hex').slice(0, 12)
  const report = join(work, `started-${name}.json`)
  const host = join(root, 'tests', 'package', 'app-main-host.ts')
  const main = join(work, 'out', 'main', 'index.js')
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--import', host, main, '--cli', ...args],
      {
        cwd: root,
        env: { ...process.env, ...env, LW_FAKE_ELECTRON_REPORT: report },
        timeout: 60_000,
      },
      (err, stdout, stderr) => {
        void readFile(report, 'utf8').then((started) =>
          done({ code: err ? Number(err.code) : 0, stdout, stderr, started: JSON.parse(started) }),
        )
      },
    )
  })
}

describe('the main bundle’s --cli switch', () => {
  it('runs check --help as the bundled command does, before any window, tray or lock', async () => {
    const app = await appCli(['check', '--help'])
    expect(app.code).toBe(0)
    expect(app.stdout).toBe((await cli(['check', '--help'])).stdout)
    expect(app.started).toEqual({ code: 0, windows: 0, trays: 0, askedForLock: false })
  })

  it('answers serve in plain words with exit 2: the development service is not in the app', async () => {
    const app = await appCli(['serve', '--port', '0'])
    expect(app.code).toBe(2)
    expect(app.stderr).toMatch(
      /^error: serve runs the development service, which the desktop app does not carry/,
    )
    expect(app.stdout).toBe('')
    expect(app.started).toEqual({ code: 2, windows: 0, trays: 0, askedForLock: false })
  })
})

describe('the main bundle’s --cli daemon', () => {
  it('runs on, and says package.json’s version in build_info; SIGTERM ends it with 0', async () => {
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      version: string
    }
    const host = join(root, 'tests', 'package', 'app-main-host.ts')
    const main = join(work, 'out', 'main', 'index.js')
    const dataDir = join(work, 'daemon-data')
    // --demo: the demo service in the bundle answers the polls (without it the daemon refuses).
    const args = ['daemon', '--demo', '--listen', '127.0.0.1:0', '--log-format', 'json']
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--import', host, main, '--cli', ...args, '--data-dir', dataDir],
      {
        cwd: root,
        env: { ...process.env, npm_package_version: '', LIQUIDITY_API_KEY: 'lw-bundle-key-1234' },
      },
    )
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)))
    let out = ''
    child.stdout.on('data', (b: Buffer) => (out += b.toString()))
    child.stderr.on('data', (b: Buffer) => (out += b.toString()))
    try {
      const url = await vi.waitFor(
        () => {
          const m = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(out)
          if (!m) throw new Error(`not listening yet: ${out}`)
          return m[1]!
        },
        { timeout: 30_000, interval: 50 },
      )
      const metrics = await (await fetch(`${url}/metrics`)).text()
      expect(metrics).toContain(`liquidity_watch_build_info{version="${pkg.version}"} 1`)
      expect(child.exitCode).toBeNull()
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
  }, 60_000)
})

// What the app loads at first use (a contact point's channel and LiquidJS, config as code and
// YAML) is in chunks of the bundle beside index.js: they must load from there.
describe('the main bundle’s parts loaded at first use', () => {
  it('sends a drop to a webhook through its channel and a LiquidJS title template', async () => {
    const key = 'sk-bundle-send-0123456789'
    const svc = await startLocalService({ apiKey: key })
    const rx = await WebhookReceiver.start()
    try {
      svc.scenarios.add({ kind: 'tvl-drop', symbol: 'NVDA', pct: 35, windowDays: 1 })
      const point = JSON.stringify({
        kind: 'webhook',
        url: `${rx.url}/hook`,
        format: 'json',
        template: { title: '{{ symbol | downcase }} fell', body: null },
      })
      const dataDir = join(work, 'send-data')
      const args = ['check', '--json', '--base-url', svc.url, '--symbols', 'TSLA,NVDA']
      const run = (): Promise<AppRun> =>
        appCli([...args, '--data-dir', dataDir, '--contact-point', point], {
          LIQUIDITY_API_KEY: key,
        })
      expect((await run()).code).toBe(0)
      const second = await run()
      expect(second.stderr).toBe('')
      expect(second.code).toBe(1)
      expect(rx.log).toHaveLength(1)
      expect(JSON.parse(rx.log[0]!.body)).toMatchObject({ title: 'nvda fell' })
    } finally {
      await rx.close()
      await svc.close()
    }
  }, 60_000)

  it('exports the settings as YAML (config as code)', async () => {
    const dataDir = join(work, 'config-data')
    await mkdir(dataDir)
    const app = await appCli(['config', 'export', '--format', 'yaml', '--data-dir', dataDir])
    expect(app.stderr).not.toMatch(/^error/m)
    expect(app.code).toBe(0)
    expect(app.stdout).toMatch(/^version: 1$/m)
    expect(app.stdout).toBe(
      (await cli(['config', 'export', '--format', 'yaml', '--data-dir', dataDir])).stdout,
    )
  })
})

// The watchlist's first paint waits for the entry chunk and what index.html preloads with it: the
// views that need Chart.js or zod (the rule editor's and contact points' schemas) load on first open.
describe('the renderer’s first chunks', () => {
  it.each([
    ['Chart.js', 'Canvas is already in use'],
    ['zod', 'invalid_type'],
  ])('carry no %s', async (_what, marker) => {
    const dir = join(work, 'out', 'renderer')
    const html = await readFile(join(dir, 'index.html'), 'utf8')
    const first = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
    expect(first.length).toBeGreaterThan(0)
    const text = (await Promise.all(first.map((f) => readFile(join(dir, f), 'utf8')))).join('\n')
    expect(text.includes(marker), `${first.join(', ')} contain "${marker}"`).toBe(false)
  })
})
