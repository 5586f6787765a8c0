// Issue 11, tiered poll from cron: each `check` is a new process, so the round robin must continue
// from the last run, failed detail requests included. Otherwise details that keep failing (never
// cached, so "never tried" at every start) come first in every run, fill the budget, and no other
// detail is ever fetched: the age bound the coverage note promises breaks silently.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_DETAIL_BUDGET, detailAgeBoundMs } from '../../src/main/engine/poll/poll-plan'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { universeSymbols } from '../../bench/scale-data'
import { cli, dataDirs } from './run-cli'

const dirs = dataDirs()
let svc: LocalService
beforeAll(async () => {
  svc = await startLocalService({ apiKey: 'sk-cli-rotation-0123456789', universe: 1000 })
})
afterAll(async () => {
  await svc.close()
  await dirs.cleanup()
})

/** Symbols of the asset requests logged since the last reset. */
function assetRequests(): Set<string> {
  return new Set(
    svc
      .requestLog()
      .filter((r) => /\/asset\/[^/]+$/.test(r.path))
      .map((r) => decodeURIComponent(r.path.split('/').at(-1)!)),
  )
}

describe('check run again and again (cron) on a tiered watchlist', () => {
  it(
    'every detail is tried within the age bound across runs, also with more always-failing details than the budget',
    { timeout: 600_000 },
    async () => {
      // 150 watched: tiered (budget 50), a round-robin floor of 10, so a bound of 15 polls.
      const symbols = universeSymbols(150)
      const polls = detailAgeBoundMs(150, DEFAULT_DETAIL_BUDGET, 1) // bound in polls
      expect(polls).toBe(15)
      // 60 symbols first in watch order whose detail always fails: more than the whole budget.
      const failing = symbols.slice(0, 60)
      svc.faults.inject({ kind: 'status', status: 404, match: 'asset', symbols: failing })
      const dir = await dirs.make()
      const args = ['check', '--json', '--base-url', svc.url, '--symbols', symbols.join(',')]
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      const tried = new Map<string, number>()
      for (let run = 1; run <= polls; run++) {
        svc.resetStats()
        const r = await cli([...args, '--data-dir', dir], env)
        expect([0, 1, 2], r.stderr).toContain(r.code)
        for (const s of assetRequests()) if (!tried.has(s)) tried.set(s, run)
      }
      svc.faults.clear()
      const never = symbols.filter((s) => !tried.has(s))
      expect({ never: never.length, first: never.slice(0, 5) }).toEqual({ never: 0, first: [] })
    },
  )
})
