// Degraded when every watched symbol's detail fails while the bulk analytics answer: the note must
// not say "the rest are current" (there is no rest), but what still is: the daily figures.
import { describe, expect, it } from 'vitest'
import type { LocalService } from '../../src/dev-service/server'
import { cli, serviceForFile } from './run-cli'

const T = 120_000
let svc: LocalService
const dirs = serviceForFile('sk-cli-degraded-0123456789', (s) => (svc = s))

describe('cli check degraded for every symbol', () => {
  it(
    'every detail failing beside answered analytics: no "the rest are current"',
    { timeout: T },
    async () => {
      const dir = await dirs.make()
      const env = { LIQUIDITY_API_KEY: svc.apiKey }
      const args = [
        'check',
        '--base-url',
        svc.url,
        '--symbols',
        'TSLA,NVDA,GOLD',
        '--data-dir',
        dir,
      ]
      expect([0, 1]).toContain((await cli(args, env)).code)
      const id = svc.faults.inject({ kind: 'status', status: 503, match: 'asset' })
      try {
        const r = await cli(args, env)
        expect(r.stderr).toMatch(/^note: Degraded — the latest figures of every symbol \(/m)
        expect(r.stderr).toMatch(/only the daily figures are current/)
        expect(r.stderr).not.toMatch(/the rest are current/)
      } finally {
        svc.faults.remove(id)
      }
    },
  )
})
