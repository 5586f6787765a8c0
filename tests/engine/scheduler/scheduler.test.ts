// The Poller's schedule: a wall-clock grid, never overlapping cycles, refreshNow joining or
// re-anchoring, the interval clamped and jittered, and the status it reports.
import { describe, expect, it } from 'vitest'
import type { CycleOutcome } from '../../../src/main/engine/poll/scheduler'
import { FakeClock, settle } from './fake-clock'
import { MIN, make, manualCycles, timedCycles } from './poller-cycles'

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
