// The service's request log: what tests use to see which Authorization header arrived where.
import { afterEach, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'

let svc: LocalService | null = null
afterEach(async () => {
  await svc?.close()
  svc = null
})

describe('LocalService.requestLog', () => {
  it('records method, path and the Authorization header as received (or null), bounded, cleared by resetStats', async () => {
    svc = await startLocalService({ apiKey: 'sk-log-test-0123456789', requestLogSize: 5 })
    await fetch(`${svc.url}/api/v0/liquidity/asset/TSLA`, {
      headers: { Authorization: 'Bearer sk-log-test-0123456789' },
    })
    await fetch(`${svc.url}/api/v0/liquidity/analytics?groupBy=total`)
    expect(svc.requestLog()).toEqual([
      {
        method: 'GET',
        path: '/api/v0/liquidity/asset/TSLA',
        query: '',
        authorization: 'Bearer sk-log-test-0123456789',
      },
      {
        method: 'GET',
        path: '/api/v0/liquidity/analytics',
        query: 'groupBy=total',
        authorization: null,
      },
    ])
    for (let i = 0; i < 8; i++) await fetch(`${svc.url}/nope/${i}`)
    const log = svc.requestLog()
    expect(log.map((r) => r.path)).toEqual(['/nope/3', '/nope/4', '/nope/5', '/nope/6', '/nope/7'])
    svc.resetStats()
    expect(svc.requestLog()).toEqual([])
  })
})
