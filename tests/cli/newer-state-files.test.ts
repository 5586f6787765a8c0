// State files written by a newer version of the app (a user who went back to an older one): this
// version never renames or overwrites them, says which version wrote them, and the CLI, which then
// cannot remember what it notified, exits 2 and sends nothing new: one drop, one notification.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { LocalService } from '../../src/dev-service/server'
import type { JsonReport } from '../../src/main/cli/json-report'
import { cli, serviceForFile } from './run-cli'

let svc: LocalService
const dirs = serviceForFile('sk-cli-newer-0123456789', (s) => (svc = s))

const sentOf = (r: JsonReport): number => r.decisions.filter((d) => d.status === 'sent').length

/** The file as the newer version might leave it: our fields, its own version number. */
async function markNewer(path: string): Promise<string> {
  const doc = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>
  const text = JSON.stringify({ ...doc, version: 9 })
  await writeFile(path, text)
  return text
}

describe('state files of a newer version', () => {
  it(
    'alert state and notification log at version 9: kept byte for byte, exit 2, exactly one sent across four runs',
    { timeout: 180_000 },
    async () => {
      const dir = await dirs.make()
      const id = svc.scenarios.add({ kind: 'tvl-drop', symbol: 'GOLD', pct: 35, windowDays: 1 })
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      const args = [
        'check',
        '--json',
        '--base-url',
        svc.url,
        '--symbols',
        'GOLD',
        '--data-dir',
        dir,
      ]
      try {
        const runs = []
        for (let i = 0; i < 2; i++) runs.push(await cli(args, env))
        expect(runs.map((r) => r.code)).toEqual([0, 1])
        const statePath = join(dir, 'alert-state.json')
        const logPath = join(dir, 'notification-log.json')
        const state = await markNewer(statePath)
        const log = await markNewer(logPath)
        for (let i = 0; i < 2; i++) runs.push(await cli(args, env))
        const reports = runs.map((r) => JSON.parse(r.stdout) as JsonReport)
        expect(reports.map(sentOf)).toEqual([0, 1, 0, 0])
        for (const r of runs.slice(2)) {
          expect(r.code).toBe(2)
          expect(r.stderr).toMatch(/^error: .*alert state.*version 9.*newer version/m)
          expect(r.stderr).toMatch(/move .*alert-state\.json.* (away|aside)/)
          expect(r.stderr).toMatch(/^note: .*notification log.*version 9/m)
        }
        // Never renamed, never written over.
        expect(await readFile(statePath, 'utf8')).toBe(state)
        expect(await readFile(logPath, 'utf8')).toBe(log)
        expect((await readdir(dir)).filter((f) => f.includes('.corrupt-'))).toEqual([])
      } finally {
        svc.scenarios.remove(id)
      }
    },
  )
})
