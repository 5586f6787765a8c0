// Runs the CLI as a user does: a child process in the repository, with its own env. The built
// command (out/cli/liquidity-watch.mjs, plain node) when it is newer than every source file, as
// after `npm test`'s build; otherwise the sources through tsx (about 2 s more a run on a loaded
// machine), so a developer running one file without a build still tests what they edited.
import { execFile } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'

export const root = fileURLToPath(new URL('../../', import.meta.url))

export const BUILT_CLI = join(root, 'out/cli/liquidity-watch.mjs')

/** The newest modification time of a file under `dir` (ms; 0 when there is none). */
function newestUnder(dir: string): number {
  let newest = 0
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) newest = Math.max(newest, statSync(join(e.parentPath, e.name)).mtimeMs)
  }
  return newest
}

/** The built command is there and no source it is made from changed after it was built. */
export function builtIsFresh(): boolean {
  const built = statSync(BUILT_CLI, { throwIfNoEntry: false })
  if (!built) return false
  const sources = Math.max(
    newestUnder(join(root, 'src/main')),
    newestUnder(join(root, 'src/shared')),
    statSync(join(root, 'vite.cli.config.ts')).mtimeMs,
  )
  return built.mtimeMs >= sources
}

let fresh: boolean | undefined

/** Node's arguments before the CLI's own: the built command, or main.ts through tsx. */
export function cliNodeArgs(): string[] {
  fresh ??= builtIsFresh()
  return fresh ? [BUILT_CLI] : ['--import', 'tsx', 'src/main/cli/main.ts']
}

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
      [...cliNodeArgs(), ...args],
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
