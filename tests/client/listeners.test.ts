// A poll passes one abort signal to every request; with more than 10 symbols watched Node warned
// MaxListenersExceededWarning (one listener per request on the poll's signal).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LiquidityClient } from '../../src/main/client/liquidity-client'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { settle } from '../engine/scheduler/fake-clock'
import { recordWarnings } from './helpers/wait'

const SYMBOLS = ['TSLA', 'NVDA', 'AAPL', 'MSFT', 'GOOGL', 'AMZN', 'META', 'GOLD']
let service: LocalService
beforeAll(async () => {
  service = await startLocalService()
})
afterAll(() => service.close())

describe('one abort signal shared by many requests', () => {
  it('40 requests on one poll signal: no MaxListenersExceededWarning, and abort still cancels all', async () => {
    const warnings = recordWarnings(['MaxListenersExceededWarning'])
    const client = new LiquidityClient({ baseUrl: service.url, apiKey: () => service.apiKey })
    try {
      const poll = new AbortController()
      const many = Array.from({ length: 40 }, (_, i) => SYMBOLS[i % SYMBOLS.length]!)
      const details = await Promise.all(
        many.map((s) => client.getAsset(s, { signal: poll.signal })),
      )
      expect(details.map((d) => d.symbol)).toEqual(many)
      await settle()
      expect(warnings.seen).toEqual([])

      // The shared link must still carry an abort to every request in flight.
      service.faults.inject({ kind: 'latency', ms: 5_000 })
      const second = new AbortController()
      const slow = many.map((s) =>
        client.getAsset(s, { signal: second.signal }).catch((e: unknown) => e),
      )
      await new Promise((r) => setTimeout(r, 50))
      second.abort()
      const errors = await Promise.all(slow)
      expect(errors.every((e) => (e as { kind?: string }).kind === 'cancelled')).toBe(true)
      await settle()
      expect(warnings.seen).toEqual([])
    } finally {
      service.faults.clear()
      client.close()
      warnings.stop()
    }
  })
})
