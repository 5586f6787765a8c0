import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cacheNamespace } from '../../src/main/engine/cache-namespace'
import { startLocalService, type LocalService } from '../../src/main/service/server'
import { FakeClock } from '../engine/scheduler/fake-clock'
import { cycleThenWait, harness, MIN, row, until, type Harness } from './helpers'

let h: Harness | null = null
let svc: LocalService | null = null
afterEach(async () => {
  await h?.close()
  await svc?.close()
  h = null
  svc = null
})

async function liveHarness(extra: Parameters<typeof harness>[0] = {}): Promise<Harness> {
  const clock = extra.clock ?? new FakeClock()
  svc = await startLocalService({ now: () => clock.date(), apiKey: 'sk-live-SECRET-0123456789' })
  return harness({ clock, live: svc, settings: { watchlist: ['TSLA', 'NVDA'] }, ...extra })
}

describe('AppCore during an outage (live service over HTTP)', () => {
  it('503s: no alert, offline after 3 failures, rows turn stale, cached data still served with its as-of', async () => {
    h = await liveHarness()
    expect((await h.core.getStatus()).mode).toBe('live')
    await h.core.refreshNow()
    const goodAt = row(await h.core.getWatchlist(), 'TSLA').fetchedAt!
    expect((await h.core.getAsset('TSLA')).fromCache).toBe(false)
    h.clock.jump(5 * MIN)
    // The drop happens while the service is failing: it must not fire from stale data.
    svc!.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    svc!.faults.inject({ kind: 'status', status: 503 })
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
    h = await liveHarness()
    await cycleThenWait(h)
    const before = await h.core.getWatchlist()
    await svc!.close()
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
    const again = await harness({ dir, clock, key: 'sk-live-SECRET-0123456789' })
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
    h = await liveHarness()
    svc!.faults.inject({ kind: 'status', status: 429, retryAfter: 600 })
    await h.core.refreshNow()
    const status = await h.core.getStatus()
    expect(status.lastError).toMatchObject({ kind: 'rate-limited', retryAfterMs: 600_000 })
    svc!.faults.clear()
    h.core.start()
    await until(async () => (await h!.core.getStatus()).nextPollAt !== null)
    expect(Date.parse((await h.core.getStatus()).nextPollAt!)).toBeGreaterThanOrEqual(
      h.clock.now() + 600_000,
    )
    const requests = svc!.stats().requests
    await h.core.refreshNow() // held off: no request
    await h.clock.advance(9 * MIN)
    expect(svc!.stats().requests).toBe(requests)
    await h.clock.advance(1 * MIN)
    await until(async () => (await h!.core.getStatus()).connection === 'online')
    expect(svc!.stats().requests).toBeGreaterThan(requests)
  })

  it('a short Retry-After is waited out by the client on the injected clock, then the cycle succeeds', async () => {
    // random 0: no jitter on top of the Retry-After, so the wait is exactly 30 s.
    h = await liveHarness({
      deps: { client: { retry: { maxAttempts: 3 }, timeoutMs: 5_000, random: () => 0 } },
    })
    svc!.faults.inject({ kind: 'status', status: 429, retryAfter: 30, times: 1, match: 'asset' })
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
    const key = 'sk-live-SECRET-0123456789'
    h = await liveHarness({ deps: { client: { retry: { maxAttempts: 1 }, timeoutMs: 60_000 } } })
    svc!.faults.inject({ kind: 'status', status: 401, times: 2, match: 'asset' })
    await h.core.refreshNow()
    expect((await h.core.getStatus()).lastError).toMatchObject({ kind: 'auth' })
    svc!.faults.inject({ kind: 'stall', times: 2, match: 'asset' })
    h.core.start()
    await h.clock.advance(0) // start() polls at once (on the injected clock)
    await until(() => svc!.stats().requests >= 5) // 3 before, then the two stalled asset requests
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
      await h.core.testConnection({ baseUrl: svc!.url }),
    ])
    expect(seen).not.toContain(key)
    await h.core.stop()
    const cacheFile = join('caches', cacheNamespace(svc!.url), 'response-cache.json')
    for (const f of ['settings.json', cacheFile, 'alert-state.json']) {
      expect(await readFile(join(h.dir, f), 'utf8')).not.toContain(key)
    }
  })
})
