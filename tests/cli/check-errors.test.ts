// The CLI as a user runs it when something goes wrong: an unreachable service, an unknown symbol,
// a missing or refused key, a failed request, alert state that cannot be saved. Each says so in
// one plain line and exits 2 unless cached data lets the check still answer.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import type { JsonReport } from '../../src/main/cli/json-report'
import { mountSmallDisk, probeSmallDisk } from '../engine/storage/fixtures/small-disk'
import { writeFloorRule } from './floor-rule'
import { cli, serviceForFile } from './run-cli'

const T = 90_000
let svc: LocalService
const dirs = serviceForFile('sk-cli-test-0123456789', (s) => (svc = s))
const dataDir = (): Promise<string> => dirs.make()

describe('cli check', () => {
  it(
    'exits 2 with a one-line reason when the service cannot be reached',
    { timeout: T },
    async () => {
      const closed = await startLocalService()
      const url = closed.url
      await closed.close()
      const r = await cli(['check', '--base-url', url, '--data-dir', await dataDir()], {
        LIQUIDITY_API_KEY: 'sk-unused-0123456789',
      })
      expect(r.code).toBe(2)
      const lines = r.stderr.trim().split('\n')
      expect(lines.at(-1)).toMatch(/^error: .*(connect|answer)/i)
      expect(r.stdout).toBe('')
    },
  )

  it(
    'exits 2 for a symbol the service does not know, passing on its hint',
    { timeout: T },
    async () => {
      // A company's name where its ticker goes (any case is taken as the ticker, upper-cased).
      const r = await cli(['check', '--symbols', 'tesla', '--data-dir', await dataDir()])
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(/error: TESLA: .*did you mean TSLA\?/)
      // The error is not a figure: the data columns say "—", the reason is listed below the table.
      const [head, , tslaRow] = r.stdout.split('\n')
      expect(tslaRow).toMatch(/^TESLA\s.*\s—$/)
      expect(tslaRow!.length).toBeLessThanOrEqual(head!.length + 20)
      expect(r.stdout).not.toMatch(/error:/)
      expect(r.stdout).toMatch(/^Problems:\n {2}TESLA: The service has no asset "TESLA" \(404\)/m)
    },
  )

  it(
    "key problems name LIQUIDITY_API_KEY and the keychain, not the app's Settings screen",
    { timeout: T },
    async () => {
      const dir = await dataDir()
      // No key at all (the variable is empty and this keychain has no entry for the app).
      const none = await cli([
        'check',
        '--base-url',
        svc.url,
        '--symbols',
        'TSLA',
        '--data-dir',
        dir,
      ])
      expect(none.code).toBe(2)
      expect(none.stderr).toMatch(/^error: Key problem — .*LIQUIDITY_API_KEY/m)
      expect(none.stderr).toMatch(/keychain/)
      expect(none.stderr).not.toMatch(/in Settings/)
      // A key the service refuses.
      const wrong = await cli(
        ['check', '--base-url', svc.url, '--symbols', 'TSLA', '--data-dir', dir],
        { LIQUIDITY_API_KEY: 'sk-wrong-0123456789' },
      )
      expect(wrong.code).toBe(2)
      expect(wrong.stderr).toMatch(
        /^error: Key problem — The service did not accept your API key \(401\)\. Check LIQUIDITY_API_KEY/m,
      )
      expect(wrong.stderr).not.toMatch(/in Settings/)
      // The same refusal when the key came from a mounted secret file names the file too.
      const keyFile = join(dir, 'api-key')
      writeFileSync(keyFile, 'sk-wrong-from-file-0123456789\n')
      const fromFile = await cli(
        ['check', '--base-url', svc.url, '--symbols', 'TSLA', '--data-dir', dir],
        { LIQUIDITY_WATCH_API_KEY_FILE: keyFile },
      )
      expect(fromFile.code).toBe(2)
      expect(fromFile.stderr).toMatch(
        /\(401\)\. Check LIQUIDITY_API_KEY, or the file LIQUIDITY_WATCH_API_KEY_FILE names/,
      )
    },
  )

  it(
    'a failed analytics request: exit 2 without cached data; with cached data exit 0 and a note saying so',
    { timeout: T },
    async () => {
      const dir = await dataDir()
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      const args = ['check', '--base-url', svc.url, '--symbols', 'TSLA', '--data-dir', dir]
      const fault = { kind: 'status', status: 500, match: 'analytics' } as const
      let id = svc.faults.inject(fault)
      try {
        const first = await cli(args, env)
        expect(first.code).toBe(2)
        expect(first.stderr).toMatch(/^error: Degraded — stock analytics: .*\(500\)/m)
        svc.faults.clear()
        expect((await cli(args, env)).code).toBe(0)
        id = svc.faults.inject(fault)
        const third = await cli([...args, '--json'], env)
        expect(third.code).toBe(0)
        expect(third.stderr).toMatch(
          /^note: Degraded — the latest figures of stock analytics could not be fetched; the rest are current \(.*\(500\).*\); showing cached data for them from \d{4}-\d\d-\d\d \d\d:\d\dZ, /m,
        )
        const report = JSON.parse(third.stdout) as JsonReport
        // One analytics request a poll: the stock analytics of TSLA's type.
        expect(report.failures).toEqual([
          expect.objectContaining({ what: 'stock analytics', fromCache: true }),
        ])
      } finally {
        svc.faults.remove(id)
        svc.faults.clear()
      }
    },
  )

  it(
    'alert state that cannot be saved (a read-only disk): a drop could never be confirmed across runs, so check says so and exits 2',
    { timeout: T },
    async (ctx) => {
      const why = await probeSmallDisk()
      if (why !== null) {
        if (process.env['CI'] === 'true') throw new Error(why)
        ctx.skip()
      }
      const disk = await mountSmallDisk(4)
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      // The test's own rule (floor-rule.ts), not the demo series' 7-day move: any date.
      await writeFloorRule(disk.dir, { baseUrl: svc.url, env, symbol: 'MSFT' })
      const args = [
        'check',
        '--base-url',
        svc.url,
        '--symbols',
        'MSFT,TSLA',
        '--data-dir',
        disk.dir,
      ]
      let id: string | null = null
      try {
        expect((await cli(args, env)).code).toBe(0)
        await disk.readOnly()
        id = svc.scenarios.add({ kind: 'tvl-drop', symbol: 'MSFT', pct: 35, windowDays: 1 })
        const first = await cli([...args, '--json'], env)
        // The run still reports what it found, and says what could not be saved…
        const report = JSON.parse(first.stdout) as JsonReport
        expect(report.rows[0]).toMatchObject({ symbol: 'MSFT', alertState: 'pending' })
        expect(first.stderr).toMatch(/^note: .*offline cache.*could not be written/m)
        // …and that, without its alert state, no run can confirm what this one found.
        expect(first.code).toBe(2)
        const statePath = join(disk.dir, 'alert-state.json')
        expect(report.alertStateSaved).toBe(false)
        expect(report.unsaved).toEqual(
          expect.arrayContaining([
            {
              what: 'the alert state',
              path: statePath,
              reason: expect.stringMatching(/read-only/),
            },
          ]),
        )
        const error = first.stderr.split('\n').filter((l) => l.startsWith('error: '))
        expect(error).toHaveLength(1)
        expect(error[0]).toContain(statePath)
        expect(error[0]).toMatch(/read-only.*cannot be confirmed/)
        // The next run starts from the same saved state: still pending, never firing.
        const second = await cli(args, env)
        expect(second.stdout).toMatch(/^MSFT\s.*pending/m)
        // What the poll could not save is said once, not on every row.
        expect(second.stdout.match(/Could not save/g)).toHaveLength(1)
        expect(second.stdout).toMatch(/^ {2}Could not save the latest data: .*read-only/m)
        expect(second.code).toBe(2)
        expect(second.stderr).toMatch(/^error: .*alert state/m)
      } finally {
        if (id !== null) svc.scenarios.remove(id)
        await disk.unmount()
      }
    },
  )

  it(
    'takes tickers in any case, with spaces after the commas: tsla, msft is TSLA and MSFT',
    { timeout: T },
    async () => {
      const r = await cli([
        'check',
        '--json',
        '--symbols',
        'tsla, msft',
        '--data-dir',
        await dataDir(),
      ])
      expect(r.code, r.stderr).not.toBe(2)
      const doc = JSON.parse(r.stdout) as { rows: { symbol: string; tvl: number | null }[] }
      expect(doc.rows.map((x) => x.symbol)).toEqual(['TSLA', 'MSFT'])
      expect(doc.rows.every((x) => x.tvl !== null)).toBe(true)
      expect(r.stderr).not.toMatch(/did you mean/)
    },
  )
})
