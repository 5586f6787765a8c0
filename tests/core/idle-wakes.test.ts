// Between polls the main process sleeps: at a 5-minute interval nothing wakes it more than once a
// minute. Through the real core on demo data (the embedded local service runs in this process,
// as in the app), the clock faked at its boundary, and every real timer Node makes (census).
import { afterEach, describe, expect, it } from 'vitest'
import { FakeClock } from '../engine/scheduler/fake-clock'
import {
  describeTimers,
  subMinuteTimers,
  tailSettled,
  timerCensus,
  wakesWithin,
  type TimerCensus,
} from '../engine/scheduler/timer-census'
import { harness, MIN, until, type Harness } from './helpers'

/** The fake clock, noting when each of its timers fires. */
class WakeClock extends FakeClock {
  fired: number[] = []
  override setTimeout(fn: () => void, ms: number): unknown {
    return super.setTimeout(() => {
      this.fired.push(this.now())
      fn()
    }, ms)
  }
}

let h: Harness | null = null
let census: TimerCensus | null = null
afterEach(async () => {
  census?.stop()
  census = null
  await h?.close()
  h = null
})

/** From the end of one poll to the start of the next: when the process wakes (ms after the end). */
async function idleWakes(h: Harness, clock: WakeClock, c: TimerCensus): Promise<number[]> {
  await until(() => {
    const s = h.statuses.at(-1)
    return s !== undefined && !s.refreshing && s.nextPollAt !== null
  })
  await tailSettled(c)
  const idleAt = clock.now()
  const nextPoll = Date.parse(h.statuses.at(-1)!.nextPollAt!)
  const window = nextPoll - idleAt
  expect(window).toBeGreaterThanOrEqual(4 * MIN)
  const real = c.live()
  // No real timer that ticks faster than a minute, nor one due within a minute of going idle.
  expect(subMinuteTimers(real), describeTimers(real)).toEqual([])
  // The clock's timers, run minute by minute up to the next poll (one that re-arms itself shows).
  const before = clock.fired.length
  for (let t = idleAt + MIN; t < nextPoll; t += MIN)
    await clock.advance(Math.min(MIN, nextPoll - 1 - clock.now()))
  await clock.advance(nextPoll - 1 - clock.now())
  const clockWakes = clock.fired.slice(before).map((at) => at - idleAt)
  expect(h.statuses.at(-1)!.refreshing, 'no poll before its time').toBe(false)
  return [...wakesWithin(real, window), ...clockWakes].sort((a, b) => a - b)
}

describe('between two polls the main process sleeps', () => {
  it('at a 5-minute interval on demo data, it wakes at most once a minute until the next poll, poll after poll', async () => {
    census = timerCensus()
    const clock = new WakeClock()
    h = await harness({ clock, settings: { intervalMinutes: 5 } })
    h.core.start()
    await clock.advance(0)
    for (let poll = 1; poll <= 2; poll++) {
      const wakes = await idleWakes(h, clock, census)
      const gaps = wakes.map((at, i) => at - (i === 0 ? 0 : wakes[i - 1]!))
      expect(wakes.length, `wakes after poll ${poll}: ${wakes.join(', ')}`).toBeLessThanOrEqual(5)
      expect(
        gaps.filter((g) => g < MIN),
        `wakes after poll ${poll}: ${wakes.join(', ')}`,
      ).toEqual([])
      // The next poll is due now: it runs.
      const last = h.statuses.at(-1)!.lastAttemptAt
      await clock.advance(2)
      await until(() => h!.statuses.at(-1)!.lastAttemptAt !== last)
    }
  })
})
