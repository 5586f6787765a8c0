// The daemon's --config FILE: the watchlist and rules kept in git are imported at start and on
// SIGHUP; a bad file is refused whole at start (exit, nothing changed) and on SIGHUP (the running
// settings kept, the problem logged by line and field).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { dataDirs } from '../cli/run-cli'
import { get, sample, spawnDaemon, startDaemon } from './run-daemon'

const KEY = 'lw-test-daemon-config-key-7731'
const dirs = dataDirs()
let svc: LocalService

beforeAll(async () => {
  svc = await startLocalService({ apiKey: KEY, now: () => new Date('2026-11-24T15:00:00Z') })
})
afterAll(async () => {
  await svc?.close()
  await dirs.cleanup()
})

const config = (watchlist: string[], thresholdPct: number | string): string =>
  [
    'version: 1',
    'watchlist:',
    ...watchlist.map((s) => `  - ${s}`),
    'polling: { baseUrl: null, intervalMinutes: 5 }',
    "notifications: { enabled: true, notifyUnverified: false, quietHours: { enabled: false, start: '22:00', end: '07:00' } }",
    'contactPoints: []',
    'rules:',
    '  - id: drop',
    '    name: 7-day drop',
    '    enabled: true',
    '    scope: { kind: watchlist }',
    '    overrides: {}',
    `    condition: { kind: tvl-change, window: 7d, direction: down, thresholdPct: ${thresholdPct} }`,
    '    pendingCycles: 2',
    '    rearmMarginPct: 2',
    '    repeatHours: 24',
    '    notify: every-time',
    '    expiresAt: null',
    '    snoozedUntil: null',
    '',
  ].join('\n')

describe('daemon --config', () => {
  it(
    'imports the file at start and on SIGHUP; a bad file on SIGHUP keeps the running settings',
    { timeout: 60_000 },
    async () => {
      const dataDir = await dirs.make()
      const file = join(dataDir, '..', `lw-config-${process.pid}.yaml`)
      writeFileSync(file, config(['TSLA', 'NVDA', 'GOLD'], 10))
      const d = await startDaemon({ dataDir, baseUrl: svc.url, key: KEY, args: ['--config', file] })
      try {
        await d.polls(1)
        expect(
          sample((await get(`${d.url}/metrics`)).body, 'liquidity_watch_watchlist_symbols'),
        ).toBe(3)
        const saved = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as {
          rules: { id: string }[]
        }
        expect(saved.rules.map((r) => r.id)).toEqual(['drop'])

        writeFileSync(file, config(['TSLA'], '"ten"'))
        d.child.kill('SIGHUP')
        const refused = await d.waitFor((l) => l.event === 'reload')
        expect(refused.ok).toBe(false)
        expect(refused.msg).toMatch(/was not loaded: line 13, rules\[0\]\.condition\.thresholdPct/)
        await d.polls(1)
        expect(
          sample((await get(`${d.url}/metrics`)).body, 'liquidity_watch_watchlist_symbols'),
        ).toBe(3)

        writeFileSync(file, config(['TSLA', 'NVDA'], 10))
        d.child.kill('SIGHUP')
        await d.waitFor((l) => l.event === 'reload' && l.ok === true)
        await d.polls(1)
        expect(
          sample((await get(`${d.url}/metrics`)).body, 'liquidity_watch_watchlist_symbols'),
        ).toBe(2)
      } finally {
        expect(await d.stop()).toBe(0)
      }
    },
  )

  it('refuses to start on a bad file, changing nothing', { timeout: 30_000 }, async () => {
    const dataDir = await dirs.make()
    const file = join(dataDir, 'bad.yaml')
    writeFileSync(file, 'version: 2\nwatchlist: [TSLA]\n')
    const run = spawnDaemon({ dataDir, baseUrl: svc.url, key: KEY, args: ['--config', file] })
    const code = await run.exited
    expect(code).not.toBe(0)
    expect(run.output()).toMatch(/bad\.yaml was not loaded: .*version/)
  })
})
