// `<app binary> --cli …`: the packaged desktop app runs the liquidity-watch command in its own
// runtime — before any window, tray or single-instance lock — prints what the bundled command
// prints and exits with the command's code. The real src/main/index.ts against the Electron fake;
// the command against the local service on 127.0.0.1; the bundled command beside it to compare.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import type { JsonReport } from '../../src/main/cli/json-report'
import { cli } from '../cli/run-cli'
import { startAppCli, type AppCliRun } from './launch-cli'

const T = 90_000
const KEY = 'sk-app-cli-test-0123456789'
let svc: LocalService
let dirs: string[] = []
let run: AppCliRun | null = null

beforeAll(async () => {
  // A finished command ends plain Node 2 s later (cli/main.ts); here the worker must live on.
  vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never)
  svc = await startLocalService({ apiKey: KEY })
})
afterEach(() => {
  run?.restore()
  run = null
  delete process.env['LIQUIDITY_API_KEY']
})
afterAll(async () => {
  await svc?.close()
  for (const d of dirs) await rm(d, { recursive: true, force: true })
  dirs = []
})

async function dataDir(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), 'lw-app-cli-'))
  dirs.push(d)
  return d
}

/** Runs the app with `--cli args` to its exit. */
async function appCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  run = await startAppCli(args)
  const code = await run.exited
  return { code, stdout: run.stdout(), stderr: run.stderr() }
}

/** Nothing of the desktop app started: no window, no tray, no single-instance lock. */
function expectNoAppStarted(r: AppCliRun): void {
  expect(r.electron.BrowserWindow.made()).toHaveLength(0)
  expect(r.electron.Tray.made).toHaveLength(0)
  expect(r.askedForLock()).toBe(false)
}

describe('the app binary with --cli', () => {
  it(
    'check --help: the bundled command’s help, exit 0, nothing of the app started',
    { timeout: T },
    async () => {
      const app = await appCli(['check', '--help'])
      const bundled = await cli(['check', '--help'])
      expect(app.code).toBe(0)
      expect(app.stdout).toBe(bundled.stdout)
      expect(app.stdout).toContain('--base-url')
      expectNoAppStarted(run!)
    },
  )

  it(
    'an unknown command: the bundled command’s error and its exit code (2)',
    { timeout: T },
    async () => {
      const app = await appCli(['nonsense'])
      const bundled = await cli(['nonsense'])
      expect(bundled.code).toBe(2)
      expect(app.code).toBe(bundled.code)
      expect(app.stderr).toBe(bundled.stderr)
      expect(app.stdout).toBe('')
      expectNoAppStarted(run!)
    },
  )

  it(
    'check --json against the local service: exit 0, then 1 once a drop fires',
    { timeout: T },
    async () => {
      const id = svc.scenarios.add({ kind: 'tvl-drop', symbol: 'NVDA', pct: 35, windowDays: 1 })
      try {
        const dir = await dataDir()
        const args = ['check', '--json', '--base-url', svc.url, '--symbols', 'TSLA,NVDA']
        process.env['LIQUIDITY_API_KEY'] = KEY
        const first = await appCli([...args, '--data-dir', dir])
        expect(first.code).toBe(0)
        expectNoAppStarted(run!)
        const a = JSON.parse(first.stdout) as JsonReport
        expect(a).toMatchObject({ mode: 'live', baseUrl: svc.url, firing: 0, errors: [] })
        expect(a.rows.map((r) => r.symbol)).toEqual(['TSLA', 'NVDA'])
        for (const r of a.rows) expect(r.tvl, r.symbol).toBeGreaterThan(0)
        // The bundled command reads the same figures (the service's move with its clock, a little).
        const bundled = await cli([...args, '--data-dir', await dataDir()], {
          LIQUIDITY_API_KEY: KEY,
        })
        expect(bundled.code).toBe(0)
        const b = JSON.parse(bundled.stdout) as JsonReport
        expect(a.rows.map((r) => [r.symbol, r.alertState])).toEqual(
          b.rows.map((r) => [r.symbol, r.alertState]),
        )
        a.rows.forEach((r, i) => expect(r.tvl! / b.rows[i]!.tvl!).toBeCloseTo(1, 4))
        run!.restore()
        process.env['LIQUIDITY_API_KEY'] = KEY
        const second = await appCli([...args, '--data-dir', dir])
        expect(second.code).toBe(1)
        expect((JSON.parse(second.stdout) as JsonReport).firing).toBe(1)
        expect(second.stdout + second.stderr).not.toContain(KEY)
      } finally {
        svc.scenarios.remove(id)
      }
    },
  )

  it(
    'daemon keeps running after its start (it ends on SIGTERM, with the daemon’s code)',
    { timeout: T },
    async () => {
      const dir = await dataDir()
      // The daemon's signal handlers are removed afterwards; the worker's own are kept.
      const signals = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const
      const before = new Set(signals.flatMap((s) => process.listeners(s)))
      process.env['LIQUIDITY_API_KEY'] = KEY
      const exit = vi.mocked(process.exit)
      const app = await startAppCli([
        'daemon',
        '--listen',
        '127.0.0.1:0',
        '--log-format',
        'json',
        '--base-url',
        svc.url,
        '--data-dir',
        dir,
      ])
      run = app
      try {
        const url = await vi.waitFor(
          () => {
            const m = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(app.stdout())
            if (!m) throw new Error(`not listening yet: ${app.stdout()}${app.stderr()}`)
            return m[1]!
          },
          { timeout: 30_000, interval: 20 },
        )
        // Ready: a poll succeeded. The app must not have ended when the daemon had only started.
        await vi.waitFor(
          async () => {
            const r = await fetch(`${url}/readyz`)
            if (r.status !== 200) throw new Error(`not ready: ${r.status}`)
          },
          { timeout: 30_000, interval: 50 },
        )
        expect(app.electron.app.exitCode).toBeNull()
        expect((await fetch(`${url}/healthz`)).status).toBe(200)
        expectNoAppStarted(app)
      } finally {
        // The daemon's own SIGTERM handler saves, then ends the process (Electron's too).
        process.emit('SIGTERM', 'SIGTERM')
        await vi.waitFor(() => expect(app.stdout()).toContain('saved and stopped'), {
          timeout: 20_000,
          interval: 20,
        })
        for (const s of signals)
          for (const l of process.listeners(s)) if (!before.has(l)) process.off(s, l)
      }
      // Its code (json log): process.exit may also have been called by earlier runs' timers.
      const stopped = app
        .stdout()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { event: string; code?: number })
        .find((l) => l.event === 'stopped')
      expect(stopped?.code).toBe(0)
      expect(exit).toHaveBeenCalledWith(0)
    },
  )
})
