// Cycle doubles for Poller tests: cycles the test finishes by hand or that take fake time, and a
// poller on a fake clock that records every status it reports.
import {
  Poller,
  type CycleOutcome,
  type PollerStatus,
} from '../../../src/main/engine/poll/scheduler'
import type { FakeClock } from './fake-clock'

export const MIN = 60_000

/** A runCycle whose cycles the test finishes by hand. */
export function manualCycles() {
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
export function timedCycles(
  clock: FakeClock,
  takesMs: number,
  outcome: () => CycleOutcome = () => 'ok',
) {
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

export function make(
  clock: FakeClock,
  runCycle: (s: AbortSignal) => Promise<CycleOutcome>,
  extra = {},
) {
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
