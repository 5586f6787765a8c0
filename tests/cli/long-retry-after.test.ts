// A Retry-After longer than the one-hour cap holds the origin for that hour (README: clamped to
// 1 s – 1 h), also across CLI runs: the next run, seconds later, sends nothing.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { LocalService } from '../../src/dev-service/server'
import { cli, serviceForFile } from './run-cli'

const T = 120_000
let svc: LocalService
const dirs = serviceForFile('sk-cli-long-hold-0123456789', (s) => (svc = s))

describe('cli check and a Retry-After above an hour', () => {
  it('holds the origin for the clamped hour across runs', { timeout: T }, async () => {
    const dir = await dirs.make()
    const args = ['check', '--base-url', svc.url, '--symbols', 'TSLA,NVDA', '--data-dir', dir]
    const env = { LIQUIDITY_API_KEY: svc.apiKey }
    const id = svc.faults.inject({ kind: 'status', status: 503, retryAfter: '7200' })
    const started = Date.now()
    try {
      const first = await cli(args, env)
      expect(first.stderr).toMatch(/until \d\d:\d\d/)
    } finally {
      svc.faults.remove(id)
    }
    const saved = JSON.parse(readFileSync(join(dir, 'rate-holds.json'), 'utf8')) as {
      holds: Record<string, { until: number }>
    }
    const until = saved.holds[new URL(svc.url).origin]?.until ?? 0
    expect(until).toBeGreaterThanOrEqual(started + 59 * 60_000)
    expect(until).toBeLessThanOrEqual(Date.now() + 60 * 60_000)
    // The service would answer now, but the clamped hold has not ended.
    const before = svc.stats().requests
    const second = await cli(args, env)
    expect(svc.stats().requests).toBe(before)
    expect(second.stderr).toMatch(/until \d\d:\d\d/)
  })
})
