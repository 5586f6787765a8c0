// The daemon's --config FILE: the watchlist and rules kept in git are imported at start and on
// SIGHUP; a bad file is refused whole at start (exit, nothing changed) and on SIGHUP (the running
// settings kept, the problem logged by line and field).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { configFromSettings, formatConfig } from '../../src/main/config'
import { KeychainContactPointSecrets } from '../../src/main/engine/secrets/contact-point-secrets'
import { keychainServiceName } from '../../src/main/engine/secrets/secret-store'
import { defaultSettings, settingsSchema } from '../../src/shared/settings-schema'
import { onlyInThrowawayKeyring } from '../shell/throwaway-keyring'
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

  it(
    'clears the keychain secret of a contact point the file removes, at start and on SIGHUP',
    { timeout: 60_000 },
    async (ctx) => {
      onlyInThrowawayKeyring(ctx)
      const secrets = new KeychainContactPointSecrets({
        service: keychainServiceName(true),
        timeoutMs: 5_000,
      })
      const ids = ['first-gone', 'then-gone', 'kept']
      const settings = settingsSchema.parse({
        ...defaultSettings(),
        watchlist: ['TSLA'],
        contactPoints: ids.map((id) => ({
          id,
          name: id,
          kind: 'webhook',
          urlHint: 'https://hooks.slack.com/…/•••',
        })),
      })
      const dataDir = await dirs.make()
      writeFileSync(join(dataDir, 'settings.json'), JSON.stringify(settings))
      const without = (...gone: string[]): string => {
        const doc = configFromSettings(settings)
        doc.contactPoints = doc.contactPoints.filter((p) => !gone.includes(p.id))
        return formatConfig(doc, 'json')
      }
      const file = join(dataDir, 'team.json')
      writeFileSync(file, without('first-gone'))
      for (const id of ids) await secrets.set(id, `https://hooks.slack.com/services/${id}SECRET`)
      try {
        const d = await startDaemon({
          dataDir,
          baseUrl: svc.url,
          key: KEY,
          args: ['--config', file],
        })
        try {
          await d.polls(1)
          expect(await secrets.get('first-gone')).toBeNull()
          expect(await secrets.get('then-gone')).not.toBeNull()
          writeFileSync(file, without('first-gone', 'then-gone'))
          d.child.kill('SIGHUP')
          await d.waitFor((l) => l.event === 'reload' && l.ok === true)
          expect(await secrets.get('then-gone')).toBeNull()
          expect(await secrets.get('kept')).toBe('https://hooks.slack.com/services/keptSECRET')
          expect(d.output()).not.toContain('SECRET')
        } finally {
          expect(await d.stop()).toBe(0)
        }
      } finally {
        for (const id of ids) await secrets.clear(id)
      }
    },
  )
})
