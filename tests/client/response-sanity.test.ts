// Sanity bounds beyond the schema, proven over HTTP: the local service's `body` fault bends a real
// answer (wrong symbol, absurd days, dates out of order, from the future or from before blockchains,
// a field of another type) and the client refuses it as invalid-response with a plain sentence.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { LiquidityClient } from '../../src/main/client/liquidity-client'
import { LiquidityError } from '../../src/shared/errors'
import { startLocalService, type LocalService } from '../../src/dev-service/server'

const NOW = Date.parse('2025-11-05T12:00:00Z')
let service: LocalService
let client: LiquidityClient
beforeAll(async () => {
  service = await startLocalService({ now: () => new Date(NOW) })
  client = new LiquidityClient({
    baseUrl: service.url,
    apiKey: () => service.apiKey,
    now: () => NOW,
    sleep: async () => undefined,
  })
})
afterAll(async () => {
  client.close()
  await service.close()
})
beforeEach(() => {
  service.faults.clear()
  service.resetStats()
})

async function refused(p: Promise<unknown>): Promise<string> {
  const e = await p.then(
    () => new Error('expected the answer to be refused'),
    (err: unknown) => err,
  )
  expect(e).toBeInstanceOf(LiquidityError)
  expect(e).toMatchObject({ kind: 'invalid-response' })
  // Not retried: the same answer would come back.
  expect(service.stats().requests).toBe(1)
  return (e as Error).message
}

describe('asset answers', () => {
  it('data for another symbol than the one asked for is refused', async () => {
    service.faults.inject({ kind: 'body', match: 'asset', set: { symbol: 'NVDA' } })
    expect(await refused(client.getAsset('TSLA'))).toBe(
      'The service answered with data for "NVDA" when asked for "TSLA"; it was not used.',
    )
  })

  it('an impossible money figure is refused, naming the field', async () => {
    service.faults.inject({ kind: 'body', match: 'asset', set: { 'issuers.0.totalTvl': 1e300 } })
    expect(await refused(client.getAsset('TSLA'))).toMatch(
      /implausible.*TSLA.*issuers\.0\.totalTvl.*1e\+300.*not used/,
    )
  })

  it('a field that changes type is a problem, not a crash', async () => {
    service.faults.inject({
      kind: 'body',
      match: 'asset',
      set: { issuers: { a: 1 }, totalTvl: '5' },
    })
    expect(await refused(client.getAsset('TSLA'))).toMatch(/totalTvl.*issuers/s)
  })
})

describe('analytics answers', () => {
  const total = (days = 5) => client.getAnalytics({ groupBy: 'total', days })

  it('the real answer passes', async () => {
    await expect(total()).resolves.toMatchObject({ days: 5 })
    await expect(
      client.getAnalytics({ groupBy: 'stock', days: 5, symbol: 'TSLA' }),
    ).resolves.toMatchObject({ data: [{ symbol: 'TSLA' }] })
  })

  it('days in the millions are refused', async () => {
    service.faults.inject({ kind: 'body', set: { days: 5_000_000 } })
    expect(await refused(total())).toMatch(/5000000 days.*1 to 365.*not used/)
  })

  it('days that differ from the request are refused', async () => {
    service.faults.inject({ kind: 'body', set: { days: 30 } })
    expect(await refused(total(5))).toMatch(/30 days.*asked for 5.*not used/)
  })

  it('a series longer than the days it claims is refused', async () => {
    // No days asked: the service's default 90 points, but the answer claims 5 days.
    service.faults.inject({ kind: 'body', set: { days: 5 } })
    expect(await refused(client.getAnalytics({ groupBy: 'total' }))).toMatch(
      /90 points.*5 days.*not used/,
    )
  })

  it.each([
    ['2999-01-01', /2999-01-01.*future/],
    ['1925-01-01', /1925-01-01.*before/],
    [
      '2025-02-30',
      /series\.\d+\.date should be a real date as YYYY-MM-DD but is text \("2025-02-30"\)/,
    ],
  ])('a series date %s is refused', async (date, message) => {
    service.faults.inject({ kind: 'body', set: { 'series.-1.date': date } })
    expect(await refused(total())).toMatch(message)
  })

  it('dates out of order or repeated are refused', async () => {
    // The real series for 5 days ending 2025-11-05 starts on 2025-11-01.
    service.faults.inject({ kind: 'body', set: { 'series.2.date': '2025-11-01' } })
    expect(await refused(total())).toMatch(/2025-11-01.*order/)
  })

  it('stock analytics for another symbol than asked for are refused', async () => {
    service.faults.inject({ kind: 'body', set: { 'data.0.symbol': 'NVDA' } })
    expect(await refused(client.getAnalytics({ groupBy: 'stock', days: 5, symbol: 'TSLA' }))).toBe(
      'The service answered with data for "NVDA" when asked for "TSLA"; it was not used.',
    )
  })
})

describe('messages name the request as the rest of the app does', () => {
  it('an asset type’s stock analytics are called by that type (“commodity analytics”), not by groupBy', async () => {
    service.faults.inject({ kind: 'body', set: { days: 5_000_000 }, match: 'analytics' })
    const message = await refused(
      client.getAnalytics({ groupBy: 'stock', days: 90, assetType: 'commodity' }),
    )
    expect(message).toMatch(/commodity analytics cover 5000000 days/)
    expect(message).not.toMatch(/stock analytics/)
  })
})
