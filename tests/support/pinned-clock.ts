// The instant the whole suite runs at. The demo data, market sessions and data dates are functions
// of the clock, so a suite on the wall clock passes or fails by the day it runs (issue 22, item 0).
// vitest.config.ts preloads libfaketime (Debian's `faketime`) into every test worker with an offset
// that puts "now" at this instant when the run starts; children (the CLI, Chromium) inherit it, so
// the service, the engine, the CLI and the renderer share one advancing clock. Date-sensitive
// paths are tested over a spread of dates on purpose (tests/core/any-date.test.ts).
//   LW_TEST_NOW=2026-11-28T02:30:00Z npm test   # the suite at another instant
//   LW_TEST_NOW=wall npm test                   # on the wall clock
import { existsSync } from 'node:fs'

export const PINNED_NOW = '2026-11-24T15:00:00Z'

const LIBS = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
]

/** Environment that moves a process's clock to `at` (now), or nothing for the wall clock. */
export function pinnedClockEnv(
  env: NodeJS.ProcessEnv = process.env,
  nowMs = Date.now(),
): Record<string, string> {
  const at = env.LW_TEST_NOW ?? PINNED_NOW
  if (at === 'wall' || env.FAKETIME !== undefined) return {}
  const ms = Date.parse(at)
  if (!Number.isFinite(ms)) throw new Error(`LW_TEST_NOW: "${at}" is not an ISO date-time`)
  const lib = LIBS.find((p) => existsSync(p))
  if (lib === undefined)
    throw new Error(
      'The tests run at a pinned date through libfaketime, which is not installed: ' +
        'apt-get install faketime (or set LW_TEST_NOW=wall to run on the wall clock).',
    )
  const offsetS = Math.round((ms - nowMs) / 1000)
  return {
    LD_PRELOAD: [lib, env.LD_PRELOAD].filter(Boolean).join(':'),
    // Relative: every process started later keeps the same offset, so all share one clock.
    FAKETIME: `${offsetS >= 0 ? '+' : ''}${offsetS}`,
    // Timers and timeouts run on the real monotonic clock.
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    LW_TEST_CLOCK_AT: at,
  }
}
