// Poller.holdOff: a Retry-After hold defers scheduled and manual cycles (fake clock), and with the
// real clock, whatever a service asks, the hold is bounded (1 h), so no timer overflows (Node
// would fire a > 2^31−1 ms timer after 1 ms and the poller would hammer).
import { describe, expect, it } from 'vitest'
import { Poller, realClock, type CycleOutcome } from '../../../src/main/engine/poll/scheduler'
import { recordWarnings, until } from '../../client/helpers/wait'
import { FakeClock, settle } from './fake-clock'

const HOUR = 3_600_000
const MIN = 60_000

describe('Poller.holdOff bounds', () => {
  it.each([
    ['10^12 s', 1e15],
    ['Infinity', Infinity],
  ])('a hold of %s becomes at most 1 h: one cycle, no TimeoutOverflowWarning', async (_n, ms) => {
    const warnings = recordWarnings(['TimeoutOverflowWarning'])
    let cycles = 0
    const poller: Poller = new Poller({
      clock: realClock,
      intervalMs: () => 60_000,
      runCycle: (): Promise<CycleOutcome> => {
        cycles++
        poller.holdOff(Date.now() + ms)
        return Promise.resolve('failed')
      },
    })
    try {
      poller.start()
      await until(() => cycles >= 1 && poller.status().nextDueAt !== null)
      // An overflowed timer fires after 1 ms: give it that chance, and Node the turn to warn.
      await new Promise((r) => setTimeout(r, 20))
      await settle()
      expect(cycles).toBe(1)
      expect(warnings.seen).toEqual([])
      const { heldUntil, nextDueAt } = poller.status()
      expect(heldUntil).not.toBeNull()
      expect(heldUntil!).toBeLessThanOrEqual(Date.now() + HOUR)
      expect(nextDueAt!).toBeLessThanOrEqual(Date.now() + HOUR)
      expect(nextDueAt!).toBeGreaterThan(Date.now() + HOUR - 60_000)
    } finally {
      poller.stop()
      warnings.stop()
    }
  })

  it('a hold that is not a number is ignored: it leaves no hold, and later holds still work', () => {
    const poller = new Poller({
      clock: realClock,
      intervalMs: () => 60_000,
      runCycle: () => Promise.resolve('ok'),
    })
    poller.holdOff(Number.NaN)
    expect(poller.status().heldUntil).toBeNull()
    const until = Date.now() + 60_000
    poller.holdOff(until)
    expect(poller.status().heldUntil).toBe(until)
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
