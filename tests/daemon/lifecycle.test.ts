// The daemon's life as a server lives it: SIGTERM mid-poll, one daemon per data dir (and a stale
// lock taken over), SIGHUP with a settings file that cannot be used.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { dataDirs } from '../cli/run-cli'
import { get, sample, spawnDaemon, startDaemon } from './run-daemon'

const KEY = 'lw-test-daemon-lifecycle-key-5512'
const SERVICE_NOW = '2026-11-24T15:00:00Z'
const dirs = dataDirs()
let svc: LocalService

beforeAll(async () => {
  svc = await startLocalService({ apiKey: KEY, now: () => new Date(SERVICE_NOW) })
})
afterAll(async () => {
  await svc?.close()
  await dirs.cleanup()
})

describe('daemon lifecycle', () => {
  it(
    'SIGTERM mid-poll finishes the poll, saves its state and exits 0',
    { timeout: 60_000 },
    async () => {
      const dataDir = await dirs.make()
      const d = await startDaemon({
        dataDir,
        baseUrl: svc.url,
        key: KEY,
        args: ['--symbols', 'TSLA'],
      })
      await d.polls(1)
      // Every answer now takes 1.5 s: the next poll is in flight when the signal comes.
      const fault = svc.faults.inject({ kind: 'latency', ms: 1_500 })
      try {
        const polled = svc.requestLog().length
        await d.waitFor(() => svc.requestLog().length > polled)
        const code = await d.stop('SIGTERM')
        expect(code).toBe(0)
        const events = d.lines().map((l) => l.event)
        const stop = events.indexOf('stop')
        // The poll in flight ended (a poll line) after the signal, before the daemon stopped.
        expect(events.slice(stop)).toEqual(['stop', 'poll', 'stopped'])
        expect(d.lines().at(-2)).toMatchObject({ event: 'poll', ok: true })
      } finally {
        svc.faults.remove(fault)
      }
      // Flushed: the cache, the history and the alert state are on disk, the lock is gone.
      expect(existsSync(join(dataDir, 'history.sqlite'))).toBe(true)
      expect(existsSync(join(dataDir, 'alert-state.json'))).toBe(true)
      expect(existsSync(join(dataDir, 'caches'))).toBe(true)
      expect(existsSync(join(dataDir, 'daemon.lock'))).toBe(false)
    },
  )

  it(
    'a second daemon on the same data dir refuses to start, in plain words',
    { timeout: 60_000 },
    async () => {
      const dataDir = await dirs.make()
      const first = await startDaemon({
        dataDir,
        baseUrl: svc.url,
        key: KEY,
        args: ['--symbols', 'TSLA'],
      })
      try {
        const second = spawnDaemon({
          dataDir,
          baseUrl: svc.url,
          key: KEY,
          args: ['--symbols', 'TSLA'],
        })
        expect(await second.exited).toBe(2)
        expect(second.output()).toContain(
          `error: Another daemon (pid ${first.child.pid}) is already running on ${dataDir}.`,
        )
        // The first one is untouched.
        expect((await get(`${first.url}/healthz`)).status).toBe(200)
      } finally {
        expect(await first.stop()).toBe(0)
      }
    },
  )

  it('takes over the lock of a daemon that is gone', { timeout: 60_000 }, async () => {
    const dataDir = await dirs.make()
    // A pid that is not running (the lock a SIGKILLed daemon leaves).
    const gone = spawnDaemon({
      dataDir: await dirs.make(),
      baseUrl: svc.url,
      key: KEY,
      args: ['--help'],
    })
    await gone.exited
    writeFileSync(join(dataDir, 'daemon.lock'), `${gone.child.pid}\n`)
    const d = await startDaemon({
      dataDir,
      baseUrl: svc.url,
      key: KEY,
      args: ['--symbols', 'TSLA'],
    })
    expect(readFileSync(join(dataDir, 'daemon.lock'), 'utf8').split('\n')[0]).toBe(
      String(d.child.pid),
    )
    expect(await d.stop()).toBe(0)
  })

  it(
    'SIGHUP with a bad settings file keeps the running settings and says why',
    { timeout: 60_000 },
    async () => {
      const dataDir = await dirs.make()
      const d = await startDaemon({
        dataDir,
        baseUrl: svc.url,
        key: KEY,
        args: ['--symbols', 'TSLA,NVDA'],
      })
      try {
        await d.polls(1)
        const settings = join(dataDir, 'settings.json')
        const good = readFileSync(settings, 'utf8')
        writeFileSync(settings, '{ "watchlist": [ this is not JSON')
        d.child.kill('SIGHUP')
        const line = await d.waitFor((l) => l.event === 'reload')
        expect(line.ok).toBe(false)
        expect(line.msg).toBe(
          `The new settings were not loaded: ${settings} is not valid JSON. The daemon keeps running with the settings it had.`,
        )
        // Still polling, with what it had; the file was left for the user to fix.
        await d.polls(1)
        const { body } = await get(`${d.url}/metrics`)
        expect(sample(body, 'liquidity_watch_watchlist_symbols')).toBe(2)
        expect(readFileSync(settings, 'utf8')).toBe('{ "watchlist": [ this is not JSON')
        // Fixed: the next SIGHUP loads it.
        writeFileSync(settings, good)
        d.child.kill('SIGHUP')
        await d.waitFor((l) => l.event === 'reload' && l.ok === true)
        await d.polls(1)
      } finally {
        expect(await d.stop()).toBe(0)
      }
    },
  )
})
