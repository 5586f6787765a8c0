// Runs the CLI as a user does: a child process (node + tsx) with its own environment.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))

export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/** LIQUIDITY_API_KEY is cleared unless `env` sets it, so the user's own key never leaks in. */
export function cli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/main/cli/main.ts', ...args],
      { cwd: root, env: { ...process.env, LIQUIDITY_API_KEY: '', ...env }, timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0
        resolve({ code, stdout, stderr })
      },
    )
  })
}
