// What the CLI says of a wrong argument: the right reason for a value that starts with a dash, and
// a long value echoed only in part (the user has it; a screenful of it hides the reason).
import { describe, expect, it } from 'vitest'
import { cli } from './run-cli'

const T = 60_000
const LONG = `${'A'.repeat(4990)}!xyzw`

describe('cli argument errors', () => {
  it(
    'backtest --days -1: says the value was read as an option, not "takes no value"',
    { timeout: T },
    async () => {
      const r = await cli(['backtest', '--days', '-1'])
      expect(r.code).toBe(2)
      expect(r.stderr).not.toMatch(/takes no value/)
      expect(r.stderr).toMatch(/--days=/)
    },
  )

  it.each([
    ['check --symbols', ['check', '--symbols', LONG]],
    ['backtest --days', ['backtest', '--days', LONG]],
    ['an unknown option', ['check', `--${LONG}`]],
    ['a stray word', ['check', LONG]],
  ])('a 5000-character value for %s is echoed in part', { timeout: T }, async (_, args) => {
    const r = await cli(args)
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/AAAA…/)
    expect(r.stderr).toMatch(/\d{4} characters/)
    expect(r.stderr.length).toBeLessThan(400)
  })
})
