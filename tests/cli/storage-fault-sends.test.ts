// One drop, one notification, also across storage faults between CLI runs: while the alert state
// cannot be saved (a full, then read-only disk), a run does not send what the next run would send
// again; it says so. A real tmpfs is filled and remounted read-only between runs.
import { describe, expect, it } from 'vitest'
import type { LocalService } from '../../src/dev-service/server'
import type { JsonReport } from '../../src/main/cli/json-report'
import { mountSmallDisk, probeSmallDisk } from '../engine/storage/fixtures/small-disk'
import { writeFloorRule } from './floor-rule'
import { cli, serviceForFile } from './run-cli'

const T = 180_000
let svc: LocalService
serviceForFile('sk-cli-fault-0123456789', (s) => (svc = s))

const sentOf = (r: JsonReport): number => r.decisions.filter((d) => d.status === 'sent').length

describe('check across storage faults', () => {
  it(
    'a drop confirmed while the disk is full, then read-only, then free: exactly one sent across the runs',
    { timeout: T },
    async (ctx) => {
      const why = await probeSmallDisk()
      if (why !== null) {
        if (process.env['CI'] === 'true') throw new Error(why)
        console.warn(`storage-fault-sends: skipped: ${why}`)
        ctx.skip()
      }
      const disk = await mountSmallDisk(4)
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      // The test's own rule (floor-rule.ts), not the demo series' 7-day move: any date.
      await writeFloorRule(disk.dir, { baseUrl: svc.url, env, symbol: 'MSFT' })
      const args = ['check', '--json', '--base-url', svc.url, '--symbols', 'MSFT']
      const run = async (): Promise<{ report: JsonReport; stderr: string }> => {
        const r = await cli([...args, '--data-dir', disk.dir], env)
        return { report: JSON.parse(r.stdout) as JsonReport, stderr: r.stderr }
      }
      let id: string | null = null
      try {
        const runs = [await run()]
        id = svc.scenarios.add({ kind: 'tvl-drop', symbol: 'MSFT', pct: 35, windowDays: 1 })
        runs.push(await run()) // pending, saved
        expect(runs[1]!.report.rows[0]).toMatchObject({ alertState: 'pending' })

        await disk.fill()
        const full = await run()
        runs.push(full)
        expect(full.report.rows[0]).toMatchObject({ alertState: 'firing' })
        expect(full.report.alertStateSaved).toBe(false)
        await disk.readOnly()
        const readOnly = await run()
        runs.push(readOnly)
        for (const r of [full, readOnly]) {
          expect(sentOf(r.report)).toBe(0)
          expect(r.stderr).toMatch(/^error: .*alert state.*not notified/m)
          expect(r.report.decisions).toContainEqual(
            expect.objectContaining({ status: 'suppressed', reason: 'unsaved' }),
          )
        }

        await disk.writable()
        await disk.free()
        runs.push(await run())
        runs.push(await run())
        expect(runs.map((r) => sentOf(r.report))).toEqual([0, 0, 0, 0, 1, 0])
        expect(runs.at(-1)!.report.rows[0]).toMatchObject({ alertState: 'firing' })
      } finally {
        if (id !== null) svc.scenarios.remove(id)
        await disk.unmount()
      }
    },
  )
})
