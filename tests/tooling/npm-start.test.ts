// `npm start` where the Electron binary is missing (it is fetched lazily, and cannot be on machines
// without access to its download): one line saying so, the fix, and what works meanwhile; no stack,
// exit non-zero, and nothing built first for nothing.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { electronBinary } from '../electron/electron-binary'
import { root } from '../cli/run-cli'

const T = 120_000

function run(cmd: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(
      cmd,
      args,
      { cwd: root, env: { ...process.env, ...env }, timeout: 90_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    ),
  )
}

function expectPlainRefusal(r: { code: number; stdout: string; stderr: string }): void {
  expect(r.code).not.toBe(0)
  const lines = r.stderr.trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/Electron binary .*not installed/)
  expect(lines[0]).toContain('npx install-electron')
  expect(lines[0]).toContain('npm run cli')
  expect(lines[0]).toContain('npm test')
  expect(r.stderr).not.toMatch(/^\s+at /m)
  // Checked before electron-vite builds anything.
  expect(r.stdout).not.toMatch(/vite v|building/)
}

describe('npm start without the Electron binary', () => {
  it('is the checking script', () => {
    const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as {
      scripts: Record<string, string>
    }
    expect(pkg.scripts['start']).toBe('node scripts/start.mjs')
  })

  // Where the binary was never downloaded (our machines): the real `npm start`.
  it.runIf(electronBinary() === null)(
    'says in one line that the binary is missing, how to fetch it and what works meanwhile',
    { timeout: T },
    async () => {
      expectPlainRefusal(await run('npm', ['start', '--silent']))
    },
  )

  // electron-vite runs ELECTRON_EXEC_PATH when it is set: a path to nothing is as missing.
  it('treats an ELECTRON_EXEC_PATH that names no file as missing', { timeout: T }, async () => {
    const r = await run(process.execPath, ['scripts/start.mjs'], {
      ELECTRON_EXEC_PATH: '/nonexistent/electron',
    })
    expectPlainRefusal(r)
    expect(r.stderr).toContain('/nonexistent/electron')
  })
})
