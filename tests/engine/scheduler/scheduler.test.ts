import { describe, expect, it } from 'vitest'
import {
  Poller,
  type CycleOutcome,
  type PollerStatus,
} from '../../../src/main/engine/poll/scheduler'
import { FakeClock, settle } from './fake-clock'

const MIN = 60_000

/** A runCycle whose cycles the test finishes by hand. */
function manualCycles() {
  const calls: { at: number; signal: AbortSignal; finish: (o: CycleOutcome) => void }[] = []
  let active = 0
  let maxActive = 0
  const clockRef: { clock?: FakeClock } = {}
  const runCycle = (signal: AbortSignal) =>
    new Promise<CycleOutcome>((resolve) => {
      active += 1
      maxActive = Math.max(maxActive, active)
      calls.push({
        at: clockRef.clock!.now(),
        signal,
        finish: (o) => {
          active -= 1
          resolve(o)
        },
      })
    })
  return { calls, runCycle, clockRef, maxActive: () => maxActive }
}

/** A runCycle that completes after `takesMs` of fake time with the given outcomes. */
function timedCycles(clock: FakeClock, takesMs: number, outcome: () => CycleOutcome = () => 'ok') {
  const starts: number[] = []
  let active = 0
  let maxActive = 0
  const runCycle = (signal: AbortSignal) =>
    new Promise<CycleOutcome>((resolve) => {
      starts.push(clock.now())
      active += 1
      maxActive = Math.max(maxActive, active)
      const done = () => {
        active -= 1
        resolve(signal.aborted ? 'failed' : outcome())
      }
      if (takesMs === 0) done()
      else clock.setTimeout(done, takesMs)
    })
  return { starts, runCycle, maxActive: () => maxActive }
}

function make(clock: FakeClock, runCycle: (s: AbortSignal) => Promise<CycleOutcome>, extra = {}) {
  const statuses: PollerStatus[] = []
  const poller = new Poller({
    clock,
    intervalMs: () => 5 * MIN,
    runCycle,
    random: () => 0,
    onStatus: (s) => statuses.push(s),
    ...extra,
  })
  return { poller, statuses }
}

describe('Poller', () => {
  it('reports a restored last success until this run has one, without calling itself online', async () => {
    const clock = new FakeClock()
    const earlier = clock.now() - 2 * 60 * MIN
    let outcome: CycleOutcome = 'failed'
    const c = timedCycles(clock, 0, () => outcome)
    const { poller } = make(clock, c.runCycle, { lastSuccessAt: earlier })
    expect(poller.status()).toMatchObject({ lastSuccessAt: earlier, connection: 'idle' })
    for (let i = 0; i < 3; i++) await poller.refreshNow()
    expect(poller.status()).toMatchObject({ lastSuccessAt: earlier, connection: 'offline' })
    outcome = 'ok'
    await poller.refreshNow()
    expect(poller.status()).toMatchObject({ lastSuccessAt: clock.now(), connection: 'online' })
    // Another data source: its own last success (none yet) and no claim to be online.
    poller.restoreLastSuccess(null)
    expect(poller.status()).toMatchObject({ lastSuccessAt: null, connection: 'idle' })
  })

  it('polls at once on start, then on a wall-clock grid that run time does not shift', async () => {
    const clock = new FakeClock()
    const t0 = clock.now()
    const c = timedCycles(clock, 20_000)
    const { poller } = make(clock, c.runCycle)
    poller.start()
    await clock.advance(16 * MIN)
    expect(c.starts.map((t) => t - t0)).toEqual([0, 5 * MIN, 10 * MIN, 15 * MIN])
    poller.stop()
  })

  it('never overlaps cycles and skips the slots a long cycle missed', async () => {
    const clock = new FakeClock()
    const t0 = clock.now()
    const c = timedCycles(clock, 12 * MIN)
    const { poller } = make(clock, c.runCycle)
    poller.start()
    await clock.advance(31 * MIN)
    // 0 → ends 12: next grid point after 12 is 15 → ends 27: next is 30.
    expect(c.starts.map((t) => t - t0)).toEqual([0, 15 * MIN, 30 * MIN])
    expect(c.maxActive()).toBe(1)
    poller.stop()
  })

  it('refreshNow during a cycle joins it instead of starting another', async () => {
    const clock = new FakeClock()
    const m = manualCycles()
    m.clockRef.clock = clock
    const { poller } = make(clock, m.runCycle)
    poller.start()
    await clock.advance(0)
    expect(m.calls).toHaveLength(1)
    const a = poller.refreshNow()
    const b = poller.refreshNow()
    expect(a).toBe(b)
    m.calls[0]!.finish('ok')
    await expect(a).resolves.toBe('ok')
    expect(m.calls).toHaveLength(1)
    expect(m.maxActive()).toBe(1)
    poller.stop()
  })

  it('refreshNow while idle runs at once and re-anchors the grid', async () => {
    const clock = new FakeClock()
    const t0 = clock.now()
    const c = timedCycles(clock, 0)
    const { poller } = make(clock, c.runCycle)
    poller.start()
    await clock.advance(2 * MIN)
    await poller.refreshNow()
    await clock.advance(8 * MIN)
    expect(c.starts.map((t) => t - t0)).toEqual([0, 2 * MIN, 7 * MIN])
    poller.stop()
  })

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

  it('clamps the interval to 1 min … 24 h and jitters by at most 5 %', async () => {
    const clock = new FakeClock()
    const t0 = clock.now()
    let interval = 1_000
    const c = timedCycles(clock, 0)
    const { poller, statuses } = make(clock, c.runCycle, {
      intervalMs: () => interval,
      random: () => 0.999,
    })
    poller.start()
    await clock.advance(0)
    const due = statuses.at(-1)!.nextDueAt! - t0
    expect(due).toBeGreaterThanOrEqual(MIN)
    expect(due).toBeLessThan(MIN * 1.05)
    interval = 10 * 24 * 60 * MIN
    await clock.advance(2 * MIN)
    const due2 = statuses.at(-1)!.nextDueAt! - t0
    expect(due2).toBeGreaterThanOrEqual(MIN + 24 * 60 * MIN)
    expect(due2).toBeLessThan(MIN + 24 * 60 * MIN * 1.05)
    poller.stop()
  })

  it('reports inFlight and nextDueAt through the status callback', async () => {
    const clock = new FakeClock()
    const t0 = clock.now()
    const m = manualCycles()
    m.clockRef.clock = clock
    const { poller, statuses } = make(clock, m.runCycle)
    poller.start()
    await clock.advance(0)
    expect(statuses.at(-1)).toMatchObject({ inFlight: true, nextDueAt: null })
    m.calls[0]!.finish('ok')
    await settle()
    expect(statuses.at(-1)).toMatchObject({
      inFlight: false,
      connection: 'online',
      nextDueAt: t0 + 5 * MIN,
    })
    poller.stop()
  })

  it('reschedule() moves a pending due time onto a changed interval', async () => {
    const clock = new FakeClock()
    const t0 = clock.now()
    let interval = 60 * MIN
    const c = timedCycles(clock, 0)
    const { poller, statuses } = make(clock, c.runCycle, { intervalMs: () => interval })
    poller.start()
    await clock.advance(3 * MIN)
    interval = 2 * MIN
    poller.reschedule()
    expect(statuses.at(-1)!.nextDueAt! - t0).toBe(4 * MIN)
    poller.stop()
  })
})

describe('Poller.holdOff', () => {
  it('defers scheduled and manual cycles until the Retry-After instant', async () => {
    const clock = new FakeClock()
    const t0 = clock.now()
    let poller: Poller | null = null
    const starts: number[] = []
    const p = new Poller({
      clock,
      intervalMs: () => MIN,
      random: () => 0,
      runCycle: () => {
        starts.push(clock.now() - t0)
        if (starts.length === 1) poller!.holdOff(clock.now() + 10 * MIN)
        return Promise.resolve(starts.length === 1 ? 'failed' : 'ok')
      },
    })
    poller = p
    p.start()
    await clock.advance(0)
    expect(p.status().heldUntil).toBe(t0 + 10 * MIN)
    await expect(p.refreshNow()).resolves.toBe('failed')
    await clock.advance(9 * MIN)
    expect(starts).toEqual([0])
    await clock.advance(1 * MIN)
    expect(starts).toEqual([0, 10 * MIN])
    p.stop()
  })
})
