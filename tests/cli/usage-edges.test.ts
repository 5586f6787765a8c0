// The usage's rough edges a new user met, through the bundled command: `--version`, the commands
// named when one is mistyped (config included), and `serve --help` with its options.
import { execFile, execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { BUILT_CLI, builtIsFresh, root } from './run-cli'

const T = 120_000

beforeAll(() => {
  // The version is the build's (package.json's, put in by vite.cli.config.ts): the bundle it is.
  if (!builtIsFresh())
    execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '-c', 'vite.cli.config.ts'], {
      cwd: root,
      stdio: 'ignore',
    })
}, T)

interface Ran {
  code: number
  stdout: string
  stderr: string
}

const run = (args: string[]): Promise<Ran> =>
  new Promise((resolve) =>
    execFile(
      process.execPath,
      [BUILT_CLI, ...args],
      { cwd: root, env: { ...process.env, LIQUIDITY_API_KEY: '', npm_package_version: '' } },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    ),
  )

describe('the usage, for a new user', () => {
  it(
    "--version prints package.json's version, exit 0; the usage lists it",
    { timeout: T },
    async () => {
      const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
        version: string
      }
      const r = await run(['--version'])
      expect(r).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' })
      expect((await run(['--help'])).stdout).toMatch(/^ {2}liquidity-watch --version$/m)
    },
  )

  it('a mistyped command names every command, config too', { timeout: T }, async () => {
    const r = await run(['chekc'])
    expect(r.code).toBe(2)
    expect(r.stderr.split('\n')[0]).toBe(
      'error: unknown command "chekc"; the commands are check, backtest, daemon, serve and config',
    )
  })

  it(
    "serve's errors are error: lines, as every command's; a port in use is named",
    { timeout: T },
    async () => {
      const taken = createServer()
      await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r))
      const port = (taken.address() as { port: number }).port
      try {
        const r = await run(['serve', '--port', String(port)])
        expect(r.code).toBe(2)
        expect(r.stderr).toBe(
          `error: could not listen on 127.0.0.1:${port} (EADDRINUSE); pass another --port.\n`,
        )
        const bad = await run(['serve', '--port', '99999'])
        expect(bad.code).toBe(2)
        expect(bad.stderr).toBe('error: --port must be <= 65535, got 99999\n')
      } finally {
        await new Promise((r) => taken.close(r))
      }
    },
  )

  it('serve --help gives its options, as check --help does', { timeout: T }, async () => {
    const r = await run(['serve', '--help'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^Usage:\n {2}liquidity-watch serve /)
    for (const flag of [
      '--port',
      '--host',
      '--key',
      '--latency',
      '--universe',
      '--scenario',
      '--fault',
    ])
      expect(r.stdout).toMatch(new RegExp(`^ {2}${flag} `, 'm'))
  })
})
