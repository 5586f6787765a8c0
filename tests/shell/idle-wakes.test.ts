// The whole main process between polls (the real index.ts on the Electron fake: core, embedded
// demo service, tray, window, notifier, on the real clock): once a poll has ended, nothing is set
// to wake it within a minute, and until the next poll it wakes at most once a minute. The tray
// and window follow status events only, so they add no timer of their own.
import { afterEach, describe, expect, it } from 'vitest'
import {
  describeTimers,
  subMinuteTimers,
  tailSettled,
  timerCensus,
  wakesWithin,
  type TimerCensus,
} from '../engine/scheduler/timer-census'
import { closeAll, launchApp } from './launch'

const MIN = 60_000
let census: TimerCensus | null = null
afterEach(async () => {
  census?.stop()
  census = null
  await closeAll()
})

describe('the app between polls', () => {
  it('sets no timer under a minute and wakes at most once a minute until the next poll', async () => {
    census = timerCensus()
    const app = await launchApp()
    const status = await app.polled()
    expect(status.connection).toBe('online')
    await tailSettled(census)
    const tooltip = app.tray().tooltip
    const sent = app.events('statusChanged').length

    const live = census.live()
    expect(subMinuteTimers(live), describeTimers(live)).toEqual([])
    const untilPoll = Date.parse(status.nextPollAt!) - Date.now()
    expect(untilPoll).toBeGreaterThan(4 * MIN)
    // The poll's own timer is the last wake of the window; what comes before it is idle.
    const wakes = wakesWithin(live, untilPoll - 1_000)
    expect(wakes.length, describeTimers(live)).toBeLessThanOrEqual(Math.floor(untilPoll / MIN))
    // Nothing was redrawn while nothing happened.
    expect(app.tray().tooltip).toBe(tooltip)
    expect(app.events('statusChanged')).toHaveLength(sent)
  })
})
