// The Poller when polling is interrupted: sleep and resume, pause, failures and the offline
// back-off, abort() and stop().
import { describe, expect, it } from 'vitest'
import { FakeClock, settle } from './fake-clock'
import { MIN, make, manualCycles, timedCycles } from './poller-cycles'

describe('Poller', () => {
  it('after sleep, resume polls once soon rather than replaying missed cycles', async () => {
    const clock = new FakeClock()
    const t0 = clock.now()
    const c = timedCycles(clock, 0)
    const { poller, statuses } = make(clock, c.runCycle, { resumeDelayMs: 5_000 })
    poller.start()
    await clock.advance(1 * MIN)
    poller.pause()
    expect(statuses.at(-1)).toMatchObject({ connection: 'paused', nextDueAt: null })
    expect(clock.pending()).toEqual([])
    clock.jump(3 * 60 * MIN) // three hours asleep: 36 missed slots
    poller.resume()
    await clock.advance(10_000)
    expect(c.starts.map((t) => t - t0)).toEqual([0, 3 * 60 * MIN + MIN + 5_000])
    await clock.advance(5 * MIN)
    expect(c.starts).toHaveLength(3)
    poller.stop()
  })

  it('pause aborts a cycle caught by sleep without counting it as a failure', async () => {
    const clock = new FakeClock()
    const m = manualCycles()
    m.clockRef.clock = clock
    const { poller } = make(clock, m.runCycle)
    poller.start()
    await clock.advance(0)
    poller.pause()
    expect(m.calls[0]!.signal.aborted).toBe(true)
    m.calls[0]!.finish('failed')
    await settle()
    expect(poller.status()).toMatchObject({
      connection: 'paused',
      consecutiveFailures: 0,
      inFlight: false,
    })
    poller.stop()
  })

  it('goes degraded, then offline after 3 failures, probing on a slower back-off, and recovers', async () => {
    const clock = new FakeClock()
    const t0 = clock.now()
    let fail = true
    const c = timedCycles(clock, 0, () => (fail ? 'failed' : 'ok'))
    const { poller, statuses } = make(clock, c.runCycle)
    poller.start()
    await clock.advance(0)
    expect(poller.status().connection).toBe('degraded')
    await clock.advance(10 * MIN) // failures 2 and 3 at 5 and 10 min
    expect(poller.status()).toMatchObject({ connection: 'offline', consecutiveFailures: 3 })
    // probes after 1, 2, 4 minutes
    await clock.advance(7 * MIN)
    expect(c.starts.map((t) => t - t0)).toEqual([
      0,
      5 * MIN,
      10 * MIN,
      11 * MIN,
      13 * MIN,
      17 * MIN,
    ])
    fail = false
    await clock.advance(8 * MIN) // probe at 25 succeeds
    expect(c.starts.at(-1)! - t0).toBe(25 * MIN)
    expect(poller.status()).toMatchObject({ connection: 'online', consecutiveFailures: 0 })
    expect(statuses.at(-1)!.nextDueAt! - t0).toBe(30 * MIN)
    poller.stop()
  })

  it('abort() aborts the in-flight signal; refreshNow then runs a fresh cycle after it', async () => {
    const clock = new FakeClock()
    const m = manualCycles()
    m.clockRef.clock = clock
    const { poller } = make(clock, m.runCycle)
    poller.start()
    await clock.advance(0)
    poller.abort()
    expect(m.calls[0]!.signal.aborted).toBe(true)
    const p = poller.refreshNow()
    m.calls[0]!.finish('failed')
    await settle()
    expect(m.calls).toHaveLength(2)
    expect(m.calls[1]!.signal.aborted).toBe(false)
    m.calls[1]!.finish('ok')
    await expect(p).resolves.toBe('ok')
    expect(poller.status().consecutiveFailures).toBe(0)
    expect(m.maxActive()).toBe(1)
    poller.stop()
  })

  it('stop() aborts the in-flight cycle and schedules nothing more', async () => {
    const clock = new FakeClock()
    const m = manualCycles()
    m.clockRef.clock = clock
    const { poller } = make(clock, m.runCycle)
    poller.start()
    await clock.advance(0)
    poller.stop()
    expect(m.calls[0]!.signal.aborted).toBe(true)
    m.calls[0]!.finish('failed')
    await clock.advance(60 * MIN)
    expect(m.calls).toHaveLength(1)
    expect(poller.status()).toMatchObject({ connection: 'idle', nextDueAt: null, inFlight: false })
  })
})
