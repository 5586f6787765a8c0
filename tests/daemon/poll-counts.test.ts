// The poll's health on /metrics as a user's alert rules read it: every series there from the
// start, the two request counts agreeing in a failed poll, and a rate limit waited out inside a
// poll counted and said in the poll's log line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { dataDirs } from '../cli/run-cli'
import { get, sample, startDaemon, type RunningDaemon } from './run-daemon'

const KEY = 'lw-test-daemon-counts-key-5120'
const SERVICE_NOW = '2026-11-24T15:00:00Z'
const dirs = dataDirs()
let svc: LocalService
let d: RunningDaemon

const metrics = async (): Promise<string> => (await get(`${d.url}/metrics`)).body

/** The sum of every series of a metric (all label values). */
function total(text: string, name: string): number {
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .reduce((s, l) => s + Number(l.slice(l.lastIndexOf(' ') + 1)), 0)
}

beforeAll(async () => {
  svc = await startLocalService({ apiKey: KEY, now: () => new Date(SERVICE_NOW) })
  d = await startDaemon({
    dataDir: await dirs.make(),
    baseUrl: svc.url,
    key: KEY,
    args: ['--symbols', 'TSLA,NVDA'],
  })
})
afterAll(async () => {
  expect(await d?.stop()).toBe(0)
  await svc?.close()
  await dirs.cleanup()
})

describe('daemon poll counts', () => {
  it(
    'polls_total has its failed series (0) before any poll failed',
    { timeout: 60_000 },
    async () => {
      await d.polls(1)
      const text = await metrics()
      expect(sample(text, 'liquidity_watch_polls_total', { outcome: 'ok' })).toBeGreaterThan(0)
      expect(sample(text, 'liquidity_watch_polls_total', { outcome: 'failed' })).toBe(0)
    },
  )

  it(
    'a failed poll counts each failed request once in poll_requests and poll_failed_requests',
    { timeout: 60_000 },
    async () => {
      const down = svc.faults.inject({ kind: 'status', status: 503 })
      try {
        await d.waitFor((l) => l.event === 'poll' && l.ok === false)
        const text = await metrics()
        const failed =
          (sample(text, 'liquidity_watch_poll_requests', { outcome: 'cached' }) ?? 0) +
          (sample(text, 'liquidity_watch_poll_requests', { outcome: 'failed' }) ?? 0)
        expect(failed).toBeGreaterThan(0)
        expect(total(text, 'liquidity_watch_poll_failed_requests')).toBe(failed)
      } finally {
        svc.faults.remove(down)
      }
      // Back to good polls before the next test.
      for (let i = 0; i < 20; i++) if ((await d.polls(1))[0]?.ok === true) break
    },
  )

  it(
    'a Retry-After waited out within the poll is counted and said in the poll line',
    { timeout: 60_000 },
    async () => {
      const before = await metrics()
      svc.faults.inject({ kind: 'status', status: 429, retryAfter: '2', times: 1, match: 'asset' })
      const line = await d.waitFor(
        (l) => l.event === 'poll' && /waited \d+ s for the service's rate limit/.test(l.msg),
      )
      expect(line.ok).toBe(true)
      const text = await metrics()
      const holds = (t: string): number => sample(t, 'liquidity_watch_rate_limit_holds_total') ?? 0
      expect(holds(text)).toBe(holds(before) + 1)
      expect(sample(text, 'liquidity_watch_rate_limit_hold_seconds_total')).toBeGreaterThanOrEqual(
        2,
      )
    },
  )
})

describe('daemon poll held past by the rate limit', () => {
  it(
    'a Retry-After longer than the poll may wait is counted and said in the poll line',
    { timeout: 60_000 },
    async () => {
      const before = sample(await metrics(), 'liquidity_watch_rate_limit_holds_total') ?? 0
      svc.faults.inject({
        kind: 'status',
        status: 429,
        retryAfter: '200',
        times: 1,
        match: 'asset',
      })
      const line = await d.waitFor(
        (l) => l.event === 'poll' && /held \d+ s more by the service's rate limit/.test(l.msg),
      )
      expect(line.msg).toMatch(/held (19\d|200) s more/)
      const text = await metrics()
      expect(sample(text, 'liquidity_watch_rate_limit_holds_total')).toBeGreaterThan(before)
      expect(sample(text, 'liquidity_watch_rate_limit_hold_seconds')).toBeGreaterThan(100)
    },
  )
})
