// A hostile or broken service's strings reach the terminal as text, never as control sequences:
// an issuer named with escape codes cannot retitle, clear or rewrite the user's terminal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { cli, dataDirs } from './run-cli'

const dirs = dataDirs()
let svc: LocalService
beforeAll(async () => {
  svc = await startLocalService({ apiKey: 'sk-cli-hostile-0123456789' })
})
afterAll(async () => {
  await svc.close()
  await dirs.cleanup()
})

describe('check on a service that sends control characters', () => {
  it(
    'prints them as replacement characters, in the table and on stderr',
    { timeout: 60_000 },
    async () => {
      const name = 'Bad\u001b]0;pwned\u0007\u001b[2JX'
      svc.faults.inject({ kind: 'body', match: 'asset', set: { 'issuers.0.name': name } })
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      const args = ['check', '--base-url', svc.url, '--symbols', 'NVDA']
      const run = await cli([...args, '--data-dir', await dirs.make()], env)
      expect(run.code, run.stderr).not.toBe(2)
      expect(run.stdout).toContain('Bad\ufffd]0;pwned\ufffd\ufffd[2JX')
      // eslint-disable-next-line no-control-regex
      const control = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/
      expect(run.stdout).not.toMatch(control)
      expect(run.stderr).not.toMatch(control)
    },
  )
})
