// Runs the CLI as a user does: a child process (node + tsx) in the repository, with its own env.
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'

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
      {
        cwd: root,
        env: { ...process.env, LIQUIDITY_API_KEY: '', ...env },
        timeout: 60_000,
        // A 1000-row --json report is over 1 MB (execFile's default cap); a shell pipe has none.
        maxBuffer: 64 * 1024 * 1024,
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0
        resolve({ code, stdout, stderr })
      },
    )
  })
}

export interface DataDirs {
  make(): Promise<string>
  cleanup(): Promise<void>
}

/** Temp data dirs for one test file; call cleanup() in afterAll. */
export function dataDirs(): DataDirs {
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

/**
 * The usual CLI test-file set-up in one call: a local service accepting `apiKey`, started before
 * the file's tests (handed to `use`) and closed after them, and the file's data dirs, removed then.
 */
export function serviceForFile(apiKey: string, use: (svc: LocalService) => void): DataDirs {
  const dirs = dataDirs()
  let svc: LocalService | null = null
  beforeAll(async () => {
    svc = await startLocalService({ apiKey })
    use(svc)
  })
  afterAll(async () => {
    await svc?.close()
    await dirs.cleanup()
  })
  return dirs
}
