// The suite runs at one pinned instant (tests/support/pinned-clock.ts): the worker and what it
// starts share the clock, so no test depends on the day it runs.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { PINNED_NOW, pinnedClockEnv } from '../support/pinned-clock'

const HOUR = 3_600_000

describe('the pinned test clock', () => {
  it('puts this worker and its child processes at the pinned instant (or LW_TEST_NOW)', () => {
    const at = process.env.LW_TEST_CLOCK_AT
    if (process.env.LW_TEST_NOW === 'wall') return expect(at).toBeUndefined()
    expect(at).toBe(process.env.LW_TEST_NOW ?? PINNED_NOW)
    const pinned = Date.parse(at!)
    // The clock advances from the pin as the run goes on (a run is well under 2 h).
    expect(Date.now() - pinned).toBeGreaterThanOrEqual(0)
    expect(Date.now() - pinned).toBeLessThan(2 * HOUR)
    const child = Number(execFileSync(process.execPath, ['-p', 'Date.now()']).toString())
    expect(Math.abs(child - Date.now())).toBeLessThan(60_000)
  })

  it('is an offset every process started later keeps; wall means no pin', () => {
    const now = Date.parse('2026-11-28T03:00:00Z')
    const env = pinnedClockEnv({ LW_TEST_NOW: '2026-11-24T15:00:00Z' }, now)
    expect(env.FAKETIME).toBe(String(-(3 * 86_400 + 12 * 3_600)))
    expect(env.FAKETIME_DONT_FAKE_MONOTONIC).toBe('1')
    expect(pinnedClockEnv({ LW_TEST_NOW: '2026-12-01T03:00:00Z' }, now).FAKETIME).toBe('+259200')
    expect(pinnedClockEnv({ LW_TEST_NOW: 'wall' }, now)).toEqual({})
    expect(() => pinnedClockEnv({ LW_TEST_NOW: 'next tuesday' }, now)).toThrow(/not an ISO/)
  })
})
