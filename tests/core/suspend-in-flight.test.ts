// Suspend stops a poll in flight (issue 22, item 19): right after `suspend` (powerMonitor, the
// core's pause) nothing is refreshing, the poll's requests are aborted, and the abandoned poll is
// not a failure. After resume, a keep-alive socket that died while asleep is retried once on a
// fresh one, not counted as a failure. The local service over real HTTP, on the fake clock.
import { afterEach, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { FakeClock } from '../engine/scheduler/fake-clock'
import { forgetfulProxy, type ForgetfulProxy } from './forgetful-proxy'
import { harness, liveHarness, until, type Harness } from './helpers'

let h: Harness | null = null
let service: LocalService | null = null
let proxy: ForgetfulProxy | null = null
afterEach(async () => {
  await h?.close()
  await proxy?.close()
  await service?.close()
  h = service = proxy = null
})

describe('suspend and resume with a poll in flight', () => {
  it('suspend: refreshing is false at once, the requests are aborted, and the poll is not a failure', async () => {
    // The client would wait ten minutes for the stalled answer: only the abort can end the poll.
    h = await liveHarness({
      settings: { watchlist: ['TSLA', 'GOLD'] },
      deps: { client: { retry: { maxAttempts: 1 }, timeoutMs: 600_000 } },
    })
    const svc = h.service
    svc.faults.inject({ kind: 'stall' })
    h.core.start() // polling, as the app does (a suspend before start has nothing to stop)
    const poll = h.core.refreshNow()
    await until(() => svc.stats().requests > 0)
    expect((await h.core.getStatus()).refreshing).toBe(true)

    h.core.pause() // powerMonitor 'suspend'
    const now = await h.core.getStatus()
    expect(now).toMatchObject({ refreshing: false, connection: 'paused', nextPollAt: null })
    expect(h.statuses.at(-1)).toMatchObject({ refreshing: false, connection: 'paused' })
    await poll // ends only because its requests were aborted
    expect(await h.core.getStatus()).toMatchObject({ refreshing: false, connection: 'paused' })

    svc.faults.clear()
    h.core.resume()
    expect(await h.core.refreshNow()).toMatchObject({
      connection: 'online',
      refreshing: false,
      lastError: null,
    })
  })

  it('resume: a keep-alive socket that died while asleep is retried once on a fresh one, not as a failure', async () => {
    const clock = new FakeClock()
    service = await startLocalService({
      now: () => clock.date(),
      apiKey: 'sk-live-SLEEP-0123456789',
    })
    proxy = await forgetfulProxy(service.url)
    h = await harness({
      clock,
      live: { ...service, url: proxy.url },
      settings: { watchlist: ['TSLA', 'NVDA', 'GOLD'] },
    })
    h.core.start()
    expect(await h.core.refreshNow()).toMatchObject({ connection: 'online', lastError: null })

    h.core.pause()
    proxy.forget() // asleep: the network forgot every connection the client keeps open
    clock.jump(60 * 60_000)
    h.core.resume()
    const before = service.stats().requests
    const after = await h.core.refreshNow()
    expect(proxy.resets()).toBeGreaterThan(0)
    expect(service.stats().requests - before).toBeGreaterThan(0)
    expect(after).toMatchObject({ connection: 'online', lastError: null })
    const rows = await h.core.getWatchlist()
    expect(rows.map((r) => [r.symbol, r.error])).toEqual([
      ['TSLA', null],
      ['NVDA', null],
      ['GOLD', null],
    ])
  })
})
