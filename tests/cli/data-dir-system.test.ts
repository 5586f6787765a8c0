// A --data-dir inside a Linux system folder (/proc, /sys) where no folder can be made: one clear
// error, at once. Node's recursive mkdir loops for ever there (mkdir answers ENOENT with the parent
// present), and the command hung, deaf to SIGTERM; so the run is killed with SIGKILL if it hangs.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { cliNodeArgs, root, type Run } from './run-cli'

function run(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...cliNodeArgs(), ...args],
      {
        cwd: root,
        env: { ...process.env, LIQUIDITY_API_KEY: '' },
        timeout: 15_000,
        killSignal: 'SIGKILL',
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0
        resolve({ code, stdout, stderr })
      },
    )
  })
}

describe.runIf(existsSync('/proc/self'))('a data folder that cannot be made', () => {
  it.each([
    ['check', '--demo'],
    ['daemon', '--demo'],
    ['backtest', '--rule', '{"kind":"tvl-below","amount":1}', '--symbols', 'TSLA'],
  ])(
    '%s --data-dir /proc/…: exit 2 with one plain error, no hang',
    { timeout: 30_000 },
    async (...cmd) => {
      const r = await run([...cmd, '--data-dir', '/proc/liquidity-watch/data'])
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(/^error: --data-dir: .*\/proc.* system folder/m)
      expect(r.stdout).toBe('')
    },
  )
})
