// The CLI's help and argument errors: what a user typing at a terminal, or a script, sees.
import { describe, expect, it } from 'vitest'
import { cli } from './run-cli'

const T = 60_000

describe('cli usage', () => {
  it('`check --help` and `--help` print usage on stdout and exit 0', { timeout: T }, async () => {
    for (const args of [['check', '--help'], ['check', '-h'], ['--help'], ['help']]) {
      const r = await cli(args)
      expect(r.code, args.join(' ')).toBe(0)
      expect(r.stdout).toMatch(/^Usage:/m)
      expect(r.stdout).toContain('npm run cli -- check')
      expect(r.stderr).toBe('')
    }
  })

  it(
    'an unknown flag prints the error and the usage on stderr and exits 2',
    { timeout: T },
    async () => {
      const r = await cli(['check', '--jsn'])
      expect(r.code).toBe(2)
      const lines = r.stderr.split('\n')
      expect(lines[0]).toMatch(/^error: .*--jsn/)
      expect(r.stderr).toMatch(/^Usage:/m)
      expect(r.stdout).toBe('')
    },
  )

  it(
    'with --json, an argument error still prints one JSON document on stdout (exit 2)',
    { timeout: T },
    async () => {
      for (const args of [
        ['check', '--json', '--bogus'],
        ['check', '--json', '--base-url', 'ftp://x.example'],
        ['check', '--json', '--data-dir', 'package.json'],
      ]) {
        const r = await cli(args)
        expect(r.code, args.join(' ')).toBe(2)
        expect(r.stderr).toMatch(/^error: /m)
        const doc = JSON.parse(r.stdout) as { rows: unknown[]; errors: string[] }
        expect(doc.rows, args.join(' ')).toEqual([])
        expect(doc.errors).toHaveLength(1)
      }
    },
  )

  it(
    'a flag without its value, or a stray argument, is an error with usage (exit 2)',
    { timeout: T },
    async () => {
      for (const args of [
        ['check', '--symbols'],
        ['check', 'TSLA'],
      ]) {
        const r = await cli(args)
        expect(r.code, args.join(' ')).toBe(2)
        expect(r.stderr).toMatch(/^error: /)
        expect(r.stderr).toMatch(/^Usage:/m)
      }
    },
  )

  it(
    'an unknown command prints the error and usage on stderr and exits 2',
    { timeout: T },
    async () => {
      const r = await cli(['chek'])
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(/^error: unknown command "chek"/)
      expect(r.stderr).toMatch(/^Usage:/m)
    },
  )
})
