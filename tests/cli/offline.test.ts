// A check whose every request fails (offline, a reset, 500, a steady 429) still shows what it has:
// the cached table with a note saying from when, and --json always prints its document. A rejected
// key is an error even then: it needs the user, waiting does not fix it. A rate-limit hold outlives
// the run, so an immediate second run sends nothing before it ends.
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import type { Fault } from '../../src/dev-service/faults'
import type { JsonReport } from '../../src/main/cli/json-report'
import { cli, serviceForFile } from './run-cli'

const T = 120_000
let svc: LocalService
const dirs = serviceForFile('sk-cli-offline-0123456789', (s) => (svc = s))

const env = (): Record<string, string> => ({ LIQUIDITY_API_KEY: svc.apiKey })
const argsFor = (url: string, dir: string): string[] => [
  'check',
  '--base-url',
  url,
  '--symbols',
  'TSLA,NVDA',
  '--data-dir',
  dir,
]

/** Both rows carry cached figures, every request failed and cached data stood in for each. */
function expectCachedReport(r: JsonReport): void {
  expect(r.rows.map((x) => x.symbol)).toEqual(['TSLA', 'NVDA'])
  for (const row of r.rows) expect(row.tvl).toEqual(expect.any(Number))
  expect(r.failures.length).toBeGreaterThan(0)
  for (const f of r.failures) expect(f.fromCache).toBe(true)
  expect(r.notes.join('\n')).toMatch(
    /^(Offline|Rate-limited until [\d: -]+Z) — showing data from /m,
  )
}

describe('cli check with every request failing', () => {
  it(
    'the service went away after a good run: the cached table, a note, exit 0; --json the same on stdout',
    { timeout: T },
    async () => {
      const gone = await startLocalService({ apiKey: svc.apiKey })
      const dir = await dirs.make()
      expect((await cli(argsFor(gone.url, dir), env())).code).toBe(0)
      await gone.close()

      const table = await cli(argsFor(gone.url, dir), env())
      // The app's own sentence (shared/link-state.ts), then the plain reason.
      expect(table.stderr).toMatch(
        /^note: Offline — showing data from \d{4}-\d\d-\d\d \d\d:\d\dZ, (just now|\d+ (min|h|d) ago) \(could not connect to the service .*\)\.$/m,
      )
      expect(table.stderr).not.toMatch(/^error:/m)
      expect(table.stdout).toMatch(/^TSLA\s+\$[\d.]+[KMB].*\(cached/m)
      expect(table.stdout).toMatch(/^NVDA\s+\$[\d.]+[KMB].*\(cached/m)
      // One note for one cause, not one per request.
      expect(table.stderr.match(/^note: .*showing data from/gm)).toHaveLength(1)
      expect(table.code).toBe(0)

      const json = await cli([...argsFor(gone.url, dir), '--json'], env())
      expect(json.code).toBe(0)
      expectCachedReport(JSON.parse(json.stdout) as JsonReport)
    },
  )

  it(
    'a firing alert, then the service gone: the cached rows say "firing (cached)", --json carries judgedState and fromCache; exit 1',
    { timeout: T },
    async () => {
      const gone = await startLocalService({ apiKey: svc.apiKey })
      const dir = await dirs.make()
      // A floor above any TVL: breached on every poll, firing once confirmed (2 polls).
      const rule = ['--rule', '{"kind":"tvl-below","amount":1e15}']
      const args = [...argsFor(gone.url, dir), ...rule]
      expect((await cli(args, env())).code).toBe(0)
      expect((await cli(args, env())).code).toBe(1)
      await gone.close()

      const table = await cli(args, env())
      expect(table.stderr).toMatch(/^note: Offline — showing data from /m)
      expect(table.code).toBe(1)
      // Exit 1 says an alert fires: the rows say which, and that the figures are cached.
      expect(table.stdout).toMatch(/^TSLA\s.*\sfiring \(cached\)\s/m)
      expect(table.stdout).toMatch(/^NVDA\s.*\sfiring \(cached\)\s/m)

      const json = await cli([...args, '--json'], env())
      expect(json.code).toBe(1)
      const doc = JSON.parse(json.stdout) as JsonReport
      expect(doc.firing).toBe(2)
      for (const row of doc.rows) {
        // alertState keeps its meaning (this run could not judge); judgedState is what fires.
        expect(row.alertState).toBe('error')
        expect(row.judgedState).toBe('firing')
        expect(row.fromCache).toBe(true)
        // stale is the copy's age (minutes here), as the app's row says: not the failed fetch.
        expect(row.stale).toBe(false)
      }
    },
  )

  it.each<[string, Fault, RegExp]>([
    ['a reset connection', { kind: 'reset' }, /^Offline — showing data from /],
    ['status 500', { kind: 'status', status: 500 }, /^Offline — showing data from /],
    [
      'a steady 429',
      { kind: 'status', status: 429, retryAfter: '3600' },
      /^Rate-limited until \d{4}-\d\d-\d\d \d\d:\d\dZ — showing data from .*\(the service asked/,
    ],
  ])(
    '%s on every request: --json prints rows from cache and failures, exit 0',
    { timeout: T },
    async (_name, fault, state) => {
      const dir = await dirs.make()
      expect((await cli(argsFor(svc.url, dir), env())).code).toBe(0)
      const id = svc.faults.inject(fault)
      try {
        const r = await cli([...argsFor(svc.url, dir), '--json'], env())
        // One note for the one state, whatever each request's own message said.
        const doc = JSON.parse(r.stdout) as JsonReport
        expect(doc.notes).toEqual([expect.stringMatching(state)])
        expect(r.stderr.match(/^note: /gm)).toHaveLength(1)
        expectCachedReport(JSON.parse(r.stdout) as JsonReport)
        expect(r.code).toBe(0)
      } finally {
        svc.faults.remove(id)
      }
    },
  )

  it(
    'a rejected key (401) with cached data: the cached rows, but exit 2 and an error naming LIQUIDITY_API_KEY (waiting never fixes a key)',
    { timeout: T },
    async () => {
      const dir = await dirs.make()
      expect((await cli(argsFor(svc.url, dir), env())).code).toBe(0)
      const id = svc.faults.inject({ kind: 'status', status: 401 })
      try {
        const r = await cli([...argsFor(svc.url, dir), '--json'], env())
        const doc = JSON.parse(r.stdout) as JsonReport
        expect(doc.rows.map((x) => x.symbol)).toEqual(['TSLA', 'NVDA'])
        for (const row of doc.rows) expect(row.tvl).toEqual(expect.any(Number))
        expect(doc.errors).toEqual([
          // Its age too, as the offline note says it.
          expect.stringMatching(
            /^Key problem — .*LIQUIDITY_API_KEY.*\(showing cached data from [\d-]+ [\d:]+Z, (just now|\d+ min ago)\)$/,
          ),
        ])
        expect(r.stderr).toMatch(
          /^error: Key problem — The service did not accept .*LIQUIDITY_API_KEY/m,
        )
        expect(r.code).toBe(2)
      } finally {
        svc.faults.remove(id)
      }
    },
  )

  it(
    "a symbol's own problem (the service dropped it) with cached data: a note naming it, its reason and the cached data's time and age",
    { timeout: T },
    async () => {
      const dir = await dirs.make()
      expect((await cli(argsFor(svc.url, dir), env())).code).toBe(0)
      const id = svc.faults.inject({
        kind: 'status',
        status: 404,
        match: 'asset',
        symbols: ['NVDA'],
      })
      try {
        const r = await cli(argsFor(svc.url, dir), env())
        expect(r.stderr).toMatch(
          /^note: NVDA could not be refreshed \(the service has no asset "NVDA" \(404\).*\); showing cached data from [\d-]+ [\d:]+Z, (just now|\d+ min ago)\. Check the symbol, or remove it from the watchlist\.$/m,
        )
      } finally {
        svc.faults.remove(id)
      }
    },
  )

  it(
    'offline with no cache at all: exit 2, the error on stderr, and --json still a document',
    { timeout: T },
    async () => {
      const gone = await startLocalService()
      await gone.close()
      const dir = await dirs.make()
      const r = await cli([...argsFor(gone.url, dir), '--json'], env())
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(/^error: Offline — .*(connect|answer)/im)
      const doc = JSON.parse(r.stdout) as JsonReport
      expect(doc.rows).toEqual([])
      expect(doc.failures.length).toBeGreaterThan(0)
      for (const f of doc.failures) expect(f.fromCache).toBe(false)
      expect(doc.errors).toEqual([expect.stringMatching(/connect|answer/i)])
    },
  )
})

describe('cli check and a rate-limit hold', () => {
  it(
    'an immediate second run sends nothing before the hold ends, says until when and shows cached data',
    { timeout: T },
    async () => {
      const dir = await dirs.make()
      const args = argsFor(svc.url, dir)
      expect((await cli(args, env())).code).toBe(0)
      const id = svc.faults.inject({ kind: 'status', status: 429, retryAfter: '3600' })
      try {
        const first = await cli(args, { ...env(), TZ: 'UTC' })
        expect(first.stderr).toMatch(/rate-limited until \d\d:\d\d/)
        // The label's time is the reason's (both UTC here), not a minute apart.
        const [, label, reason] =
          /^note: Rate-limited until [\d-]+ (\d\d:\d\d)Z — .*rate-limited until (\d\d:\d\d)/m.exec(
            first.stderr,
          ) ?? []
        expect(label).toBeDefined()
        expect(label).toBe(reason)
        expect(first.code).toBe(0)
      } finally {
        svc.faults.remove(id)
      }
      expect(existsSync(join(dir, 'rate-holds.json'))).toBe(true)
      // The service would answer now, but the hold it asked for has not ended.
      const before = svc.stats().requests
      // In another zone the reason says its time in UTC too, as the label and every CLI time: a
      // local "12:53 UTC−5" beside "17:53Z" read as two deadlines.
      const second = await cli([...args, '--json'], { ...env(), TZ: 'America/New_York' })
      expect(svc.stats().requests).toBe(before)
      const [, label, reason] =
        /^note: Rate-limited until [\d-]+ (\d\d:\d\d)Z — showing data from .*rate-limited until (\d\d:\d\d) UTC\. Run the check again after that\./m.exec(
          second.stderr,
        ) ?? []
      expect(label).toBeDefined()
      expect(reason).toBe(label)
      // Nothing was asked this run: the hold is the first run's, and it says so.
      expect(second.stderr).toMatch(/slow down \(429\) on an earlier run; it is rate-limited until/)
      expectCachedReport(JSON.parse(second.stdout) as JsonReport)
      expect(second.code).toBe(0)
    },
  )

  it('a damaged hold file is ignored, not fatal', { timeout: T }, async () => {
    const dir = await dirs.make()
    writeFileSync(join(dir, 'rate-holds.json'), '{"holds": {"x": 12')
    const before = svc.stats().requests
    const r = await cli(argsFor(svc.url, dir), env())
    expect(r.code).toBe(0)
    expect(svc.stats().requests).toBeGreaterThan(before)
    expect(r.stdout).toMatch(/^TSLA\s+\$/m)
  })
})
