// The daemon against the local service: /metrics carries the service's figures in a format
// promtool accepts, with every documented name; /healthz and /readyz answer in JSON a person can
// read; the log has one line per poll and never the key.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { dataDirs, root } from '../cli/run-cli'
import { get, sample, startDaemon, type RunningDaemon } from './run-daemon'

const KEY = 'lw-test-daemon-endpoints-key-4821'
const dirs = dataDirs()
const SERVICE_NOW = '2026-11-24T15:00:00Z'
let svc: LocalService
let d: RunningDaemon

beforeAll(async () => {
  // The service's clock stands still: its figures do not drift between the poll and the query.
  svc = await startLocalService({ apiKey: KEY, now: () => new Date(SERVICE_NOW) })
  d = await startDaemon({
    dataDir: await dirs.make(),
    baseUrl: svc.url,
    key: KEY,
    args: ['--symbols', 'TSLA,NVDA'],
  })
  await d.polls(2)
}, 60_000)

afterAll(async () => {
  await d?.stop()
  await svc?.close()
  await dirs.cleanup()
})

describe('daemon endpoints', () => {
  it("serves the service's TVL for each symbol on /metrics", async () => {
    const { status, body } = await get(`${d.url}/metrics`)
    expect(status).toBe(200)
    for (const symbol of ['TSLA', 'NVDA']) {
      const r = await fetch(`${svc.url}/api/v0/liquidity/asset/${symbol}`, {
        headers: { Authorization: `Bearer ${KEY}` },
      })
      const detail = (await r.json()) as { totalTvl: number; issuers: unknown[] }
      expect(sample(body, 'liquidity_watch_tvl_usd', { symbol })).toBe(detail.totalTvl)
    }
    expect(sample(body, 'liquidity_watch_last_poll_ok')).toBe(1)
    expect(sample(body, 'liquidity_watch_watchlist_symbols')).toBe(2)
    expect(sample(body, 'liquidity_watch_alert_state', { symbol: 'TSLA' })).toBe(0)
  })

  it('passes promtool check metrics', async () => {
    const { body } = await get(`${d.url}/metrics`)
    // Throws (non-zero exit) with promtool's findings on stderr.
    const out = execFileSync('promtool', ['check', 'metrics'], { input: body, encoding: 'utf8' })
    expect(out.trim()).toBe('')
  })

  it('exposes every name docs/metrics.md documents, and documents every name it exposes', async () => {
    const doc = readFileSync(join(root, 'docs/metrics.md'), 'utf8')
    const documented = new Set(doc.match(/liquidity_watch_[a-z0-9_]+/g))
    const { body } = await get(`${d.url}/metrics`)
    const exposed = new Set(
      [...body.matchAll(/^# TYPE (liquidity_watch_\w+) /gm)].map((m) => m[1]!),
    )
    expect([...documented].filter((n) => !exposed.has(n))).toEqual([])
    expect([...exposed].filter((n) => !documented.has(n))).toEqual([])
    for (const n of exposed)
      expect(n).toMatch(
        /_(usd|percent|seconds|total|hhi|pools|symbols|requests|state|ok|depth|info)$/,
      )
  })

  it('answers /healthz and /readyz with readable JSON', async () => {
    const h = await get(`${d.url}/healthz`)
    expect(h.status).toBe(200)
    expect(JSON.parse(h.body)).toMatchObject({ status: 'alive' })
    const r = await get(`${d.url}/readyz`)
    expect(r.status).toBe(200)
    expect(JSON.parse(r.body)).toMatchObject({ status: 'ready', ready: true })
    expect(JSON.parse(r.body).reason).toMatch(/^the last poll succeeded \d+ s ago$/)
    expect((await get(`${d.url}/nope`)).status).toBe(404)
  })

  it('logs one JSON line per poll and never the key', async () => {
    const polls = await d.polls(1)
    expect(polls[0]).toMatchObject({ event: 'poll', ok: true, symbols: 2 })
    expect(d.output()).not.toContain(KEY)
    expect(d.lines().every((l) => l.time !== '')).toBe(true)
  })
})
