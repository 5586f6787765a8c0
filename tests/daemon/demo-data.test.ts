// A daemon with no service address would watch the built-in demo data and feed its invented
// figures to Prometheus as if they were real: it refuses, unless asked with --demo, and then says
// so in its start line, /readyz and /metrics.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { get, sample, spawnDaemon, startDaemon } from './run-daemon'

const dirs: string[] = []
const dataDir = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'lw-daemon-demo-'))
  dirs.push(d)
  return d
}
const KEY = 'lw-test-daemon-demo-0451'
let svc: LocalService
beforeAll(async () => {
  svc = await startLocalService({ apiKey: KEY })
})
afterAll(async () => {
  await svc?.close()
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }))
})

describe('daemon on demo data', () => {
  it('refuses to start without a service address, in plain words, leaving no lock', async () => {
    const dir = dataDir()
    const d = spawnDaemon({ dataDir: dir, baseUrl: '', key: '' })
    expect(await d.exited).toBe(2)
    expect(d.output()).toContain('The daemon has no service address')
    expect(d.output()).toContain('--demo')
    expect(existsSync(join(dir, 'daemon.lock'))).toBe(false)
  }, 30_000)

  it('refuses before it opens anything: an empty data dir stays empty, a missing one is not made', async () => {
    const dir = dataDir()
    const d = spawnDaemon({ dataDir: dir, baseUrl: '', key: '' })
    expect(await d.exited).toBe(2)
    expect(d.output()).toContain('The daemon has no service address')
    // No caches, history, outbox or lock left behind by a start that never ran.
    expect(readdirSync(dir)).toEqual([])
    const missing = join(dir, 'not-yet')
    const m = spawnDaemon({ dataDir: missing, baseUrl: '', key: '' })
    expect(await m.exited).toBe(2)
    expect(existsSync(missing)).toBe(false)
  }, 30_000)

  it('a --config file without a service address is refused before it is imported: the data dir stays empty', async () => {
    const dir = dataDir()
    const file = join(dir, '..', `lw-demo-noservice-${process.pid}.yaml`)
    dirs.push(file)
    writeFileSync(file, 'version: 1\nwatchlist: [TSLA]\nrules: []\n')
    const d = spawnDaemon({ dataDir: dir, baseUrl: '', key: '', args: ['--config', file] })
    expect(await d.exited).toBe(2)
    expect(d.output()).toContain('The daemon has no service address')
    expect(readdirSync(dir)).toEqual([])
  }, 30_000)

  it('runs on demo data with --demo, and says so in the start line, /readyz and /metrics', async () => {
    const d = await startDaemon({ dataDir: dataDir(), baseUrl: '', key: '', args: ['--demo'] })
    try {
      expect(d.lines().find((l) => l.event === 'start')?.msg).toContain('demo data')
      await d.polls(1)
      const ready = JSON.parse((await get(`${d.url}/readyz`)).body) as { demo: boolean }
      expect(ready.demo).toBe(true)
      expect(sample((await get(`${d.url}/metrics`)).body, 'liquidity_watch_demo_state')).toBe(1)
    } finally {
      expect(await d.stop()).toBe(0)
    }
  }, 60_000)

  it('refuses a SIGHUP whose config file drops the service address, and keeps its service', async () => {
    const dir = dataDir()
    const file = join(dir, '..', `lw-demo-config-${process.pid}.yaml`)
    dirs.push(file)
    const config = (baseUrl: string): string =>
      `version: 1\nwatchlist: [TSLA]\nrules: []\npolling: { baseUrl: ${baseUrl}, intervalMinutes: 5 }\n`
    writeFileSync(file, config(JSON.stringify(svc.url)))
    const d = await startDaemon({ dataDir: dir, baseUrl: '', key: KEY, args: ['--config', file] })
    try {
      await d.polls(1)
      writeFileSync(file, config('null'))
      d.child.kill('SIGHUP')
      const reload = await d.waitFor((l) => l.event === 'reload')
      expect(reload.ok).toBe(false)
      expect(reload.msg).toMatch(/no service address/)
      await d.polls(1)
      const ready = JSON.parse((await get(`${d.url}/readyz`)).body) as { demo: boolean }
      expect(ready.demo).toBe(false)
      expect(sample((await get(`${d.url}/metrics`)).body, 'liquidity_watch_demo_state')).toBe(0)
    } finally {
      expect(await d.stop()).toBe(0)
    }
  }, 60_000)
})
