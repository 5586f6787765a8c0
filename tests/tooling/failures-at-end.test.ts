// npm test ends with every failure named (tests/slowest-files.ts): CI keeps only the tail of its
// log, and a run that failed once without naming the test (stop 26) could not be diagnosed.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { failureLines } from '../slowest-files'

const repo = resolve(__dirname, '../..')
const dir = mkdtempSync(join(tmpdir(), 'lw-failures-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the failures at the end of npm test', () => {
  it('a real vitest run ends with the failed test, its file and its error, after the slowest files', () => {
    symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'))
    writeFileSync(
      join(dir, 'a.test.ts'),
      `import { describe, expect, it } from 'vitest'
describe('a suite', () => {
  it('passes', () => expect(1).toBe(1))
  it('fails', () => expect('drawn 83943684').toBe('drawn 83943687'))
})\n`,
    )
    writeFileSync(join(dir, 'vitest.config.mjs'), 'export default {}\n')
    writeFileSync(join(dir, 'b.test.ts'), `throw new Error('the file could not load')\n`)
    // A describe's hooks: a failed beforeAll skips its tests, a failed afterAll leaves them passed.
    writeFileSync(
      join(dir, 'c.test.ts'),
      `import { afterAll, beforeAll, describe, expect, it } from 'vitest'
describe('set-up', () => {
  beforeAll(() => { throw new Error('the receiver did not start') })
  it('skipped', () => expect(1).toBe(1))
})
describe('tear-down', () => {
  afterAll(() => { throw new Error('the receiver did not stop') })
  it('passes', () => expect(1).toBe(1))
})\n`,
    )
    const run = spawnSync(
      process.execPath,
      [
        join(repo, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--root',
        dir,
        '--reporter',
        join(repo, 'tests/slowest-files.ts'),
      ],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, CI: 'true' }, timeout: 60_000 },
    )
    expect(run.status).toBe(1)
    const tail = run.stdout.slice(run.stdout.indexOf('Slowest'))
    expect(tail).toMatch(/Slowest 3 test files:/)
    const failed = tail.slice(tail.indexOf('Failed (4):'))
    expect(failed.trimEnd().split('\n')).toEqual([
      'Failed (4):',
      '  a.test.ts > a suite > fails',
      expect.stringMatching(/^ {6}expected 'drawn 83943684' to be 'drawn 83943687'/),
      '  b.test.ts',
      '      the file could not load',
      '  c.test.ts > set-up',
      '      the receiver did not start',
      '  c.test.ts > tear-down',
      '      the receiver did not stop',
    ])
  })

  it('cuts a long or many-line message to its first line', () => {
    const lines = failureLines(
      [{ where: 'tests/x.test.ts > t', message: `\n${'y'.repeat(400)}\nmore` }],
      50,
    )
    expect(lines).toEqual(['Failed (1):', '  tests/x.test.ts > t', `      ${'y'.repeat(49)}…`])
  })

  it('says so when an error has no message', () => {
    expect(failureLines([{ where: 'tests/x.test.ts', message: '' }])).toEqual([
      'Failed (1):',
      '  tests/x.test.ts',
      '      (no message)',
    ])
  })

  it('prints nothing when nothing failed', () => {
    expect(failureLines([])).toEqual([])
  })
})
