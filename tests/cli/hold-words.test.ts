// What a rate limit's message says happens when the hold ends, by who reads it: the app and the
// daemon try again by themselves; a one-shot check or backtest does not, so it says to run it again.
import { describe, expect, it } from 'vitest'
import { cliSettingsHelp } from '../../src/main/cli/settings-help'
import { APP_HELP, heldError, statusError } from '../../src/main/client/errors-map'

const until = Date.parse('2026-11-24T15:00:30Z')
const held = { untilMs: until, remainingMs: 30_000 }

describe('the words after a rate limit', () => {
  it.each([
    ['the app', APP_HELP, 'Liquidity Watch will try again then.'],
    ['the daemon', cliSettingsHelp('/data'), 'Liquidity Watch will try again then.'],
    ['check', cliSettingsHelp('/data', 'check'), 'Run the check again after that.'],
    ['backtest', cliSettingsHelp('/data', 'backtest'), 'Run the backtest again after that.'],
  ])('%s', (_who, help, then) => {
    const wait = heldError(429, until, 30_000, help).message
    expect(wait).toMatch(/rate-limited until \d\d:\d\d \S+\. /)
    expect(wait.endsWith(` ${then}`)).toBe(true)
    const answer = statusError(503, 'asset "TSLA"', { message: 'Maintenance' }, held, help).message
    expect(answer).toMatch(/wait until \d\d:\d\d \S+\. /)
    expect(answer).toContain(` ${then} The service said: "Maintenance"`)
  })

  it("says whose time it is: the service's, our own back-off, or a hold kept from an earlier run", () => {
    const words = (status: number, cause: 'asked' | 'backoff' | 'earlier-run') =>
      heldError(status, until, 30_000, cliSettingsHelp('/data', 'check'), cause).message
    expect(words(429, 'asked')).toBe(
      'The service asked Liquidity Watch to slow down (429); it is rate-limited until 15:01 UTC. Run the check again after that.',
    )
    expect(words(429, 'backoff')).toBe(
      'The service asked Liquidity Watch to slow down (429) without saying for how long, so Liquidity Watch waits a little: it is rate-limited until 15:01 UTC. Run the check again after that.',
    )
    expect(words(429, 'earlier-run')).toBe(
      'The service asked Liquidity Watch to slow down (429) on an earlier run; it is rate-limited until 15:01 UTC. Run the check again after that.',
    )
    expect(words(503, 'earlier-run')).toBe(
      'The service was temporarily unavailable (503) on an earlier run and asked Liquidity Watch to wait until 15:01 UTC. Run the check again after that.',
    )
  })

  it('the CLI and the daemon say the time in UTC, as every other time they print', () => {
    const cli = heldError(429, until, 30_000, cliSettingsHelp('/data', 'check')).message
    expect(cli).toContain('rate-limited until 15:01 UTC.')
  })
})
