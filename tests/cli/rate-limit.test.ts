// A one-shot check against a service that answers every request with 429 and no Retry-After (U2):
// it gives up within its small wait budget, says until when, and does not keep the caller waiting.
import { describe, expect, it } from 'vitest'
import type { LocalService } from '../../src/dev-service/server'
import { cli, serviceForFile } from './run-cli'

let svc: LocalService
const dirs = serviceForFile('sk-cli-test-0123456789', (s) => (svc = s))

describe('cli check under a steady 429', () => {
  it(
    'gives up quickly with "rate-limited until HH:MM" and exit 2',
    { timeout: 90_000 },
    async () => {
      svc.faults.inject({ kind: 'status', status: 429 })
      const dir = await dirs.make()
      const r = await cli(
        ['check', '--base-url', svc.url, '--symbols', 'TSLA,NVDA,AAPL', '--data-dir', dir],
        { LIQUIDITY_API_KEY: svc.apiKey },
      )
      // run-cli kills a run after 60 s (code -1): before the fix it waited at the rate gate for ever.
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(
        /rate-limited until \d\d:\d\d[^.]*\. Run the check again after that\./,
      )
      // No Retry-After: the time is our own back-off, and it says so.
      expect(r.stderr).toMatch(/slow down \(429\) without saying for how long/)
      // A one-shot check does not try again by itself.
      expect(r.stderr).not.toMatch(/will try again/)
      // Led by the state in the app's words, said once for the poll, not once per message.
      expect(r.stderr).toMatch(/^error: Rate-limited( until [\d: -]+Z)? — /m)
      const asked = svc.requestLog().filter((x) => x.path.startsWith('/api/')).length
      expect(asked).toBeLessThanOrEqual(5 * 4)
    },
  )
})
