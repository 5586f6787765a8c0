// `liquidity-watch check … | head -1`: a reader that closes the pipe early. The built command, a
// real child process writing into a real pipe whose reader goes away, against the local service:
// no stack trace, and the exit code the command would have had (1 means "alert firing", so a crash
// with 1 would make a script act on an alert that does not exist).
import { execFileSync, spawn } from 'node:child_process'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { LocalService } from '../../src/dev-service/server'
import { BUILT_CLI, builtIsFresh, cli, root, serviceForFile } from './run-cli'

const T = 120_000
let svc: LocalService
const dirs = serviceForFile('sk-cli-pipe-0123456789', (s) => (svc = s))

beforeAll(() => {
  // The bundled command, as installed; a developer's single run builds it here.
  if (!builtIsFresh())
    execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '-c', 'vite.cli.config.ts'], {
      cwd: root,
      stdio: 'ignore',
    })
}, T)

interface Closed {
  code: number | null
  signal: string | null
  /** What the open stream carried (stderr when stdout was closed, and the other way round). */
  other: string
}

/**
 * Runs the built command with `stream` piped to a reader that closes it: at once (`| true`), or
 * after the first line (`| head -1`).
 */
function runClosing(
  args: string[],
  when: 'at once' | 'after the first line',
  stream: 'stdout' | 'stderr' = 'stdout',
): Promise<Closed> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BUILT_CLI, ...args], {
      cwd: root,
      env: { ...process.env, LIQUIDITY_API_KEY: svc.apiKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const closing = child[stream]
    const open = stream === 'stdout' ? child.stderr : child.stdout
    let other = ''
    open.setEncoding('utf8').on('data', (t: string) => (other += t))
    if (when === 'at once') closing.destroy()
    else {
      let seen = ''
      closing.setEncoding('utf8').on('data', (t: string) => {
        seen += t
        if (seen.includes('\n')) closing.destroy()
      })
    }
    child.on('close', (code, signal) => resolve({ code, signal, other }))
  })
}

const noCrash = (r: Closed): void => {
  expect(r.other).not.toMatch(/EPIPE|Unhandled 'error' event|\n\s+at /)
  expect(r.signal).toBeNull()
}

describe('a closed output pipe ends a command quietly, with the code it would have had', () => {
  it(
    'check | head -1: no stack trace, the exit code of the same check with its output read',
    { timeout: T },
    async () => {
      const base = ['check', '--base-url', svc.url, '--symbols', 'TSLA,NVDA,GOLD,AAPL']
      const read = await cli([...base, '--data-dir', await dirs.make()], {
        LIQUIDITY_API_KEY: svc.apiKey,
      })
      expect([0, 1]).toContain(read.code)
      for (const when of ['at once', 'after the first line'] as const) {
        const r = await runClosing([...base, '--data-dir', await dirs.make()], when)
        noCrash(r)
        expect(r.code, `${when}: ${r.other}`).toBe(read.code)
      }
    },
  )

  it(
    'check --json with stdout closed at once: exit as the run would have',
    { timeout: T },
    async () => {
      const r = await runClosing(
        [
          'check',
          '--json',
          '--base-url',
          svc.url,
          '--symbols',
          'TSLA',
          '--data-dir',
          await dirs.make(),
        ],
        'at once',
      )
      noCrash(r)
      expect(r.code, r.other).toBe(0)
    },
  )

  it(
    'check with stderr closed (the demo note goes there): exit 0 all the same',
    { timeout: T },
    async () => {
      const r = await runClosing(
        ['check', '--demo', '--symbols', 'TSLA', '--data-dir', await dirs.make()],
        'at once',
        'stderr',
      )
      expect(r.signal).toBeNull()
      expect(r.code).toBe(0)
      expect(r.other.split('\n')[0]).toMatch(/^Symbol/)
    },
  )

  it('backtest | head -1: exit as the backtest would have', { timeout: T }, async () => {
    const args = ['backtest', '--base-url', svc.url, '--symbols', 'TSLA,NVDA']
    const read = await cli([...args, '--data-dir', await dirs.make()], {
      LIQUIDITY_API_KEY: svc.apiKey,
    })
    expect([0, 1]).toContain(read.code)
    const r = await runClosing([...args, '--data-dir', await dirs.make()], 'at once')
    noCrash(r)
    expect(r.code, r.other).toBe(read.code)
  })

  it('config export | head -1 and --help | head -1: exit 0', { timeout: T }, async () => {
    const dir = await dirs.make()
    const made = await cli(['config', 'export', '--data-dir', dir, '--out', join(dir, 'c.yaml')])
    expect(made.code, made.stderr).toBe(0)
    for (const args of [['config', 'export', '--data-dir', dir], ['--help'], ['check', '--help']]) {
      const r = await runClosing(args, 'at once')
      noCrash(r)
      expect(r.code, `${args.join(' ')}: ${r.other}`).toBe(0)
    }
  })
})
