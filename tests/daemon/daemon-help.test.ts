// `daemon --help` reads like check's: a Usage: line, its options and its exit codes; the top-level
// usage names every daemon option; a mistyped option lists only the options a user may pass.
import { describe, expect, it } from 'vitest'
import { cli } from '../cli/run-cli'

describe('daemon help', () => {
  it('daemon --help starts with Usage: and says its exit codes', { timeout: 60_000 }, async () => {
    const help = await cli(['daemon', '--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/^Usage:\n {2}liquidity-watch daemon /)
    expect(help.stdout).toMatch(/Exit codes: 0 .*\n?.* 2 /)
    expect(help.stdout).toContain('--demo')
  })

  it('the top-level usage names --config, --contact-point and --demo for daemon', async () => {
    const help = await cli(['--help'])
    const line = help.stdout.split('\n').find((l) => l.startsWith('  liquidity-watch daemon'))!
    for (const flag of ['--config FILE', '--contact-point JSON', '--demo'])
      expect(line).toContain(flag)
  })

  it('an unknown option does not list the hidden --test-poll-ms', async () => {
    const bad = await cli(['daemon', '--bogus'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/unknown option --bogus; daemon takes .*--listen/)
    expect(bad.stderr).not.toContain('test-poll-ms')
  })
})
