// The CLI as a user runs it: a child process (node + tsx), real files, real HTTP. The runs that
// go well (and an alert held back); what goes wrong is in check-errors.test.ts.
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { LocalService } from '../../src/dev-service/server'
import type { JsonReport } from '../../src/main/cli/json-report'
import { cli, serviceForFile } from './run-cli'

const T = 90_000
let svc: LocalService
const dirs = serviceForFile('sk-cli-test-0123456789', (s) => (svc = s))
const dataDir = (): Promise<string> => dirs.make()

describe('cli check', () => {
  it('prints a table from the built-in demo service and exits 0', { timeout: T }, async () => {
    const dir = await dataDir()
    const r = await cli(['check', '--data-dir', dir])
    expect(r.stderr).toMatch(
      /^note: Demo data — built-in demo data \(local service at http:\/\/127\.0\.0\.1:\d+\); pass --base-url for a real service\.$/m,
    )
    expect(r.code).toBe(0)
    const lines = r.stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^Symbol\s+TVL\s+7d\s+30d\s+Volume\s+Issuers\s+Alert\s+As of$/)
    for (const s of ['TSLA', 'NVDA', 'AAPL', 'GOLD'])
      expect(r.stdout).toMatch(new RegExp(`^${s}\\s+\\$[\\d.]+[KMB]`, 'm'))
    // State and cache live in the data dir.
    expect(await readdir(dir)).toEqual(
      expect.arrayContaining(['settings.json', 'caches', 'alert-state.json']),
    )
    // The demo service has its own cache namespace (with when each detail was last tried).
    expect((await readdir(join(dir, 'caches', 'demo'))).sort()).toEqual([
      'detail-attempts.json',
      'response-cache.json',
    ])
  })

  it(
    '--json against --base-url: a scripted drop fires on the 2nd run (pending 2), exit 0 then 1',
    { timeout: T },
    async () => {
      const dir = await dataDir()
      const id = svc.scenarios.add({ kind: 'tvl-drop', symbol: 'NVDA', pct: 35, windowDays: 1 })
      try {
        const env = { LIQUIDITY_API_KEY: svc.apiKey }
        const args = [
          'check',
          '--json',
          '--base-url',
          svc.url,
          '--symbols',
          'TSLA,NVDA',
          '--data-dir',
          dir,
        ]
        const first = await cli(args, env)
        expect(first.stderr).not.toContain('demo data')
        expect(first.code).toBe(0)
        const a = JSON.parse(first.stdout) as JsonReport
        expect(a).toMatchObject({
          mode: 'live',
          baseUrl: svc.url,
          firing: 0,
          unsaved: [],
          alertStateSaved: true,
        })
        expect(a.rows.map((r) => r.symbol)).toEqual(['TSLA', 'NVDA'])
        const nvda = a.rows.find((r) => r.symbol === 'NVDA')!
        expect(nvda).toMatchObject({
          alertState: 'pending',
          stale: false,
          issuerCount: expect.any(Number),
          problems: [],
          confirmsInPolls: 1,
        })
        expect(nvda.change7dPct!).toBeLessThan(-10)
        expect(a.decisions).toEqual([])
        // A person reading the table on a first run learns what "pending" waits for.
        const table = await cli(
          ['check', '--base-url', svc.url, '--symbols', 'NVDA', '--data-dir', await dataDir()],
          env,
        )
        expect(table.code).toBe(0)
        expect(table.stdout).toMatch(/^NVDA\s.*pending — confirms on the next poll/m)

        const second = await cli(args, env)
        expect(second.code).toBe(1)
        const b = JSON.parse(second.stdout) as JsonReport
        expect(b.firing).toBe(1)
        expect(b.rows.find((r) => r.symbol === 'NVDA')).toMatchObject({
          alertState: 'firing',
          confirmsInPolls: null,
        })
        expect(b.events.filter((e) => e.type === 'fired').map((e) => e.symbol)).toEqual(['NVDA'])
        expect(b.decisions).toHaveLength(1)
        expect(b.decisions[0]).toMatchObject({ status: 'sent', symbol: 'NVDA' })
        expect(second.stdout + second.stderr).not.toContain(svc.apiKey)

        // Third run: still firing (exit 1) but no new notification.
        const third = await cli(
          ['check', '--base-url', svc.url, '--symbols', 'TSLA,NVDA', '--data-dir', dir],
          env,
        )
        expect(third.code).toBe(1)
        expect(third.stdout).toMatch(/^NVDA\s.*firing/m)
      } finally {
        svc.scenarios.remove(id)
      }
    },
  )

  it(
    'a held alert is not firing: exit 0, the Alert column says held, --json rows carry heldBack and flapping',
    { timeout: T },
    async () => {
      const dir = await dataDir()
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      const args = ['check', '--base-url', svc.url, '--symbols', 'AAPL', '--data-dir', dir]
      const ids = [
        svc.scenarios.add({ kind: 'tvl-drop', symbol: 'AAPL', pct: 30, windowDays: 1 }),
        svc.scenarios.add({ kind: 'reported-change', symbol: 'AAPL', tvlChange: 0.02 }),
      ]
      try {
        expect((await cli(args, env)).code).toBe(0)
        const second = await cli(args, env)
        // A cron job acting on exit 1 must not raise the alert the app holds back.
        expect(second.code).toBe(0)
        // Figures that disagree are no verdict (issue 22 item 12): the alert does not even go
        // pending on them; the row says why it was not judged.
        expect(second.stdout).not.toMatch(/^AAPL\s.*\s(firing|pending)/m)
        expect(second.stdout).toMatch(/^ {2}AAPL: figures disagree: service says \+2\.0 %/m)
        expect(second.stdout).not.toMatch(/NOT NOTIFIED/)
        const third = await cli([...args, '--json'], env)
        expect(third.code).toBe(0)
        const json = JSON.parse(third.stdout) as JsonReport
        expect(json.firing).toBe(0)
        expect(json.held).toBe(0)
        expect(json.rows[0]).toMatchObject({
          symbol: 'AAPL',
          alertState: 'nodata',
          heldBack: null,
          flapping: false,
        })
        expect(json.events).toEqual([])
        expect(json.decisions).toEqual([])
      } finally {
        for (const id of ids) svc.scenarios.remove(id)
      }
    },
  )
})
