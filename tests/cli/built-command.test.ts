// The `liquidity-watch` command as installed: package.json's bin, the bundle `npm run build` makes
// (out/cli), run by plain node without tsx or TypeScript, loading the engine only for a command
// that runs, and a plain message (no stack) on a Node too old for it.
import { execFile, execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIN_NODE, nodeTooOld } from '../../src/main/cli/node-version'
import { BUILT_CLI, builtIsFresh, root } from './run-cli'

const T = 120_000
let tmp = ''
let hook = ''

interface Ran {
  code: number
  stdout: string
  stderr: string
}

function run(file: string, args: string[], nodeArgs: string[] = [], node = process.execPath) {
  return new Promise<Ran>((resolve) => {
    execFile(
      node,
      [...nodeArgs, file, ...args],
      { cwd: tmp, env: { ...process.env, LIQUIDITY_API_KEY: '' }, timeout: 60_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    )
  })
}

/** Every module the main thread loads, as URLs (the hook prints them on stderr). */
const loaded = (r: Ran): string[] =>
  r.stderr
    .split('\n')
    .filter((l) => l.startsWith('@@loaded '))
    .map((l) => l.slice('@@loaded '.length))

beforeAll(async () => {
  // Built by `npm test` before the tests; a developer's single run builds it here.
  if (!builtIsFresh())
    execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '-c', 'vite.cli.config.ts'], {
      cwd: root,
      stdio: 'ignore',
    })
  tmp = await mkdtemp(join(tmpdir(), 'lw-bin-'))
  hook = join(tmp, 'record-loads.mjs')
  await writeFile(
    hook,
    `import { registerHooks } from 'node:module'
registerHooks({ load(url, context, next) { process.stderr.write('@@loaded ' + url + '\\n'); return next(url, context) } })
`,
  )
}, T)
afterAll(() => rm(tmp, { recursive: true, force: true }))

describe('the built liquidity-watch command', () => {
  it("is package.json's bin: an executable file with a node shebang", () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      bin: Record<string, string>
    }
    const bin = join(root, pkg.bin['liquidity-watch']!)
    expect(bin).toBe(BUILT_CLI)
    expect(readFileSync(bin, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node')
    expect(statSync(bin).mode & 0o111).not.toBe(0)
  })

  it(
    'prints its usage run directly, as the bin link runs it, from any folder',
    { timeout: T },
    async () => {
      const r = await new Promise<Ran>((resolve) =>
        execFile(BUILT_CLI, ['--help'], { cwd: tmp, env: process.env }, (err, stdout, stderr) =>
          resolve({ code: err ? Number(err.code) : 0, stdout, stderr }),
        ),
      )
      expect(r.code).toBe(0)
      expect(r.stdout.split('\n')[0]).toBe('Usage:')
      expect(r.stdout).toMatch(/backtest/)
    },
  )

  it(
    '--help loads no engine: no keychain, no settings store, no SQLite, no TypeScript',
    { timeout: T },
    async () => {
      const r = await run(BUILT_CLI, ['--help'], ['--import', hook])
      expect(r.code).toBe(0)
      const urls = loaded(r)
      expect(urls.length).toBeGreaterThan(0)
      expect(urls.filter((u) => /keytar|\/conf\/|node:sqlite|tsx|\.ts$/.test(u))).toEqual([])
    },
  )

  it(
    'check runs on plain node against the built-in demo service and records history',
    { timeout: T },
    async () => {
      const dir = join(tmp, 'data')
      const r = await run(
        BUILT_CLI,
        ['check', '--json', '--data-dir', dir, '--symbols', 'TSLA'],
        ['--import', hook],
      )
      expect(r.code, r.stderr).toBe(0)
      const doc = JSON.parse(r.stdout) as { rows: { symbol: string }[] }
      expect(doc.rows.map((x) => x.symbol)).toEqual(['TSLA'])
      const urls = loaded(r)
      expect(urls).toContain('node:sqlite')
      // Bundled: nothing of the project's sources or of tsx is loaded, only out/cli's own files.
      expect(urls.filter((u) => /tsx|\.ts$|\/src\//.test(u))).toEqual([])
      // The history worker is the bundle's own entry beside the chunks.
      expect(existsSync(join(dir, 'history.sqlite'))).toBe(true)
    },
  )
})

describe('on a Node older than the command needs', () => {
  it('says which Node it needs, in one sentence', () => {
    expect(nodeTooOld('24.21.0')).toBeNull()
    expect(nodeTooOld('23.0.0')).toBeNull()
    expect(nodeTooOld(`${MIN_NODE.major}.${MIN_NODE.minor}.0`)).toBeNull()
    expect(nodeTooOld('22.12.0')).toBe(
      'liquidity-watch needs Node 22.13 or later (Node 24 recommended); this is Node 22.12.0. Install a newer Node from https://nodejs.org and run it again.',
    )
    expect(nodeTooOld('20.20.2')).toMatch(/^liquidity-watch needs Node 22\.13 or later/)
    expect(nodeTooOld('v')).not.toBeNull()
  })

  // The system Node of our machines is 20: the real thing, not a simulation.
  const oldNode = '/usr/bin/node'
  const oldVersion = existsSync(oldNode)
    ? execFileSync(oldNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()
    : null
  it.runIf(oldVersion !== null && nodeTooOld(oldVersion) !== null)(
    `the built command run by ${oldNode} (Node ${oldVersion ?? 'absent'}) says so without a stack (exit 2)`,
    { timeout: T },
    async () => {
      const r = await run(BUILT_CLI, ['check', '--help'], [], oldNode)
      expect(r.code).toBe(2)
      expect(r.stdout).toBe('')
      expect(r.stderr).toBe(`error: ${nodeTooOld(oldVersion!)}\n`)
    },
  )
})
