// Runs the CLI as a user does: a child process (node + tsx) in the repository, with its own env.
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../../', import.meta.url))

export interface Run {
  code: number
  stdout: string
  stderr: string
}

/** LIQUIDITY_API_KEY is blanked unless the test sets it, so the developer's own key never leaks in. */
export function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
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

/** Temp data dirs for one test file; call cleanup() in afterAll. */
export function dataDirs(): { make(): Promise<string>; cleanup(): Promise<void> } {
  let dirs: string[] = []
  return {
    async make() {
      const d = await mkdtemp(join(tmpdir(), 'lw-cli-'))
      dirs.push(d)
      return d
    },
    async cleanup() {
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })))
      dirs = []
    },
  }
}
