import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cacheNamespace } from '../../src/main/engine/storage/cache-namespace'
import {
  cycleThenWait,
  harness,
  liveHarness,
  LIVE_KEY,
  MIN,
  row,
  until,
  type Harness,
} from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

const settings = { watchlist: ['TSLA', 'NVDA'] }

describe('AppCore during an outage (live service over HTTP)', () => {
  it('503s: no alert, offline after 3 failures, rows turn stale, cached data still served with its as-of', async () => {
    h = await liveHarness({ settings })
    expect((await h.core.getStatus()).mode).toBe('live')
    await h.core.refreshNow()
    const goodAt = row(await h.core.getWatchlist(), 'TSLA').fetchedAt!
    expect((await h.core.getAsset('TSLA')).fromCache).toBe(false)
    h.clock.jump(5 * MIN)
    // The drop happens while the service is failing: it must not fire from stale data.
    h.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    h.service.faults.inject({ kind: 'status', status: 503 })
    for (let i = 0; i < 4; i++) await cycleThenWait(h)
    const status = await h.core.getStatus()
    expect(status.connection).toBe('offline')
    expect(status.lastError).toMatchObject({ kind: 'server' })
    expect(status.staleSince).toBe(goodAt)
    const tsla = row(await h.core.getWatchlist(), 'TSLA')
    // The data is stale; the alert engine reports the failed fetch as the instance state.
    expect(tsla).toMatchObject({ fetchedAt: goodAt, stale: true, alertState: 'error' })
    expect((await h.core.getAlertInstances())[0]).toMatchObject({ symbol: 'TSLA', state: 'error' })
    expect(tsla.totalTvl).toBeGreaterThan(0)
    expect(tsla.error).toMatchObject({ kind: 'server' })
    // The row says in plain words why its figures are not current.
    expect(tsla.problems).toEqual([tsla.error!.message])
    expect(tsla.problems[0]).toMatch(/problem answering \(503\)/)
    expect(row(await h.core.getWatchlist(), 'NVDA').problems).toHaveLength(1)
    expect(h.alertEvents.filter((e) => e.type === 'fired')).toHaveLength(0)
    expect(h.notified).toHaveLength(0)
    const asset = await h.core.getAsset('TSLA')
    expect(asset).toMatchObject({ fromCache: true, stale: true })
    expect(Date.parse(asset.fetchedAt)).toBeLessThan(h.clock.now() - 12 * MIN)
  })

  it('service closed: the offline view still shows last-fetched data; a restart with no service too', async () => {
    h = await liveHarness({ settings })
    await cycleThenWait(h)
    const before = await h.core.getWatchlist()
    await h.service.close()
    await cycleThenWait(h, 20 * MIN)
    const after = await h.core.getWatchlist()
    expect(row(after, 'NVDA')).toMatchObject({
      totalTvl: row(before, 'NVDA').totalTvl,
      stale: true,
    })
    expect(row(after, 'NVDA').error).toMatchObject({ kind: 'network' })
    expect((await h.core.getStatus()).connection).toBe('degraded')
    const { dir, clock } = h
    await h.core.stop()
    const again = await harness({ dir, clock, key: LIVE_KEY })
    try {
      // Before any cycle: rows come from the cache on disk, with their as-of.
      expect(row(await again.core.getWatchlist(), 'NVDA')).toMatchObject({
        totalTvl: row(before, 'NVDA').totalTvl,
        fetchedAt: row(before, 'NVDA').fetchedAt,
        stale: true,
      })
    } finally {
      await again.close()
    }
  })

  it('a long Retry-After on 429 holds off every request until it has passed', async () => {
    h = await liveHarness({ settings })
    h.service.faults.inject({ kind: 'status', status: 429, retryAfter: 600 })
    await h.core.refreshNow()
    const status = await h.core.getStatus()
    expect(status.lastError).toMatchObject({ kind: 'rate-limited', retryAfterMs: 600_000 })
    h.service.faults.clear()
    h.core.start()
    await until(async () => (await h!.core.getStatus()).nextPollAt !== null)
    expect(Date.parse((await h.core.getStatus()).nextPollAt!)).toBeGreaterThanOrEqual(
      h.clock.now() + 600_000,
    )
    const requests = h.service.stats().requests
    await h.core.refreshNow() // held off: no request
    await h.clock.advance(9 * MIN)
    expect(h.service.stats().requests).toBe(requests)
    await h.clock.advance(1 * MIN)
    await until(async () => (await h!.core.getStatus()).connection === 'online')
    expect(h.service.stats().requests).toBeGreaterThan(requests)
  })

  it('a short Retry-After is waited out by the client on the injected clock, then the cycle succeeds', async () => {
    // random 0: no jitter on top of the Retry-After, so the wait is exactly 30 s.
    h = await liveHarness({
      settings,
      deps: { client: { retry: { maxAttempts: 3 }, timeoutMs: 5_000, random: () => 0 } },
    })
    h.service.faults.inject({
      kind: 'status',
      status: 429,
      retryAfter: 30,
      times: 1,
      match: 'asset',
    })
    let done = false
    const p = h.core.refreshNow().then((s) => {
      done = true
      return s
    })
    await until(() => h!.clock.pending().length > 0) // the client sleeps on the injected clock
    await h.clock.advance(29_000)
    expect(done).toBe(false)
    await h.clock.advance(1_000)
    const s = await p
    expect(s.connection).toBe('online')
    expect(s.lastError).toBeNull()
  })

  it('a key change aborts a stalled in-flight cycle and polls again; the key appears nowhere', async () => {
    const key = LIVE_KEY
    h = await liveHarness({
      settings,
      deps: { client: { retry: { maxAttempts: 1 }, timeoutMs: 60_000 } },
    })
    h.service.faults.inject({ kind: 'status', status: 401, times: 2, match: 'asset' })
    await h.core.refreshNow()
    expect((await h.core.getStatus()).lastError).toMatchObject({ kind: 'auth' })
    h.service.faults.inject({ kind: 'stall', times: 2, match: 'asset' })
    h.core.start()
    await h.clock.advance(0) // start() polls at once (on the injected clock)
    await until(() => h!.service.stats().requests >= 4) // 2 before, then the two stalled asset requests
    expect((await h.core.getStatus()).refreshing).toBe(true)
    const keyStatus = await h.core.setApiKey(key)
    expect(keyStatus.stored).toBe(true)
    // Without the abort this would wait on the 60 s client timeout and fail the test.
    await until(async () => {
      const s = await h!.core.getStatus()
      return s.connection === 'online' && !s.refreshing
    })
    expect(row(await h.core.getWatchlist(), 'TSLA').error).toBeNull()
    const seen = JSON.stringify([
      h.statuses,
      h.rowsEmitted,
      h.alertEvents,
      h.logLines,
      await h.core.getSettings(),
      await h.core.getNotificationLog(),
      keyStatus,
      await h.core.getKeyStatus(),
      await h.core.testConnection({ baseUrl: h.service.url }),
    ])
    expect(seen).not.toContain(key)
    await h.core.stop()
    const cacheFile = join('caches', cacheNamespace(h.service.url), 'response-cache.json')
    for (const f of ['settings.json', cacheFile, 'alert-state.json']) {
      expect(await readFile(join(h.dir, f), 'utf8')).not.toContain(key)
    }
  })
})
