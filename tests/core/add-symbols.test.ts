// Adding symbols as a new user types or pastes them (issue 22, item 4): any case, a list separated
// by commas, spaces or newlines, a thousand at once, over real HTTP to the local service. What
// the service knows is added in its spelling, and one line says which were unknown.
import { afterEach, describe, expect, it } from 'vitest'
import { splitSymbolList } from '../../src/shared/symbol-list'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { FakeClock } from '../engine/scheduler/fake-clock'
import { harness, liveHarness, type Harness } from './helpers'

let h: Harness | null = null
let service: LocalService | null = null
afterEach(async () => {
  await h?.close()
  await service?.close()
  h = null
  service = null
})

async function universe(s: LocalService): Promise<string[]> {
  const out: string[] = []
  for (const assetType of ['stock', 'commodity']) {
    const url = `${s.url}/api/v0/liquidity/analytics?groupBy=stock&days=1&assetType=${assetType}`
    const res = await fetch(url, { headers: { authorization: `Bearer ${s.apiKey}` } })
    out.push(...((await res.json()) as { data: { symbol: string }[] }).data.map((d) => d.symbol))
  }
  return out
}

describe('adding symbols: any case, a pasted list', () => {
  it('"msft" is added as MSFT, and "tsla, msft" as two symbols', async () => {
    h = await harness({ settings: { watchlist: ['GOLD'] } })
    const one = await h.core.addSymbols(splitSymbolList('msft'))
    expect(one).toMatchObject({ added: ['MSFT'], unknown: [], notChecked: [] })
    expect(one.rows.map((r) => r.symbol)).toEqual(['GOLD', 'MSFT'])

    const two = await h.core.addSymbols(splitSymbolList('tsla, msft'))
    expect(two).toMatchObject({ added: ['TSLA'], already: ['MSFT'], unknown: [] })
    expect(two.line).toBe('Added TSLA. Already watched: MSFT.')
    expect((await h.core.getSettings()).watchlist).toEqual(['GOLD', 'MSFT', 'TSLA'])
  })

  it('a pasted list of 1000 symbols (lower case, mixed separators) is added in one edit and a few requests', async () => {
    const clock = new FakeClock()
    service = await startLocalService({
      now: () => clock.date(),
      apiKey: 'sk-live-UNIVERSE-0123456789',
      universe: 1000,
    })
    const all = await universe(service)
    expect(all).toHaveLength(1000)
    h = await harness({ clock, live: service, settings: { watchlist: [all[0]!] } })
    const seps = [', ', '\n', ' ', ';', ',\r\n']
    const pasted =
      all.map((s, i) => `${s.toLowerCase()}${seps[i % seps.length]}`).join('') + 'NOSUCH\nxyz1\n'

    const before = service.stats().requests
    const result = await h.core.addSymbols(splitSymbolList(pasted))
    // The service's list (2 requests) and a detail check per unknown piece (as typed, upper-cased).
    expect(service.stats().requests - before).toBeLessThanOrEqual(5)

    expect(result.added).toHaveLength(999)
    expect(result.already).toEqual([all[0]])
    expect(result.unknown).toEqual(['NOSUCH', 'xyz1'])
    expect(result.notChecked).toEqual([])
    expect((await h.core.getSettings()).watchlist).toEqual(all)
    expect(result.rows.map((r) => r.symbol)).toEqual(all)
    expect(result.line).toBe(
      `Added 999 symbols. Already watched: ${all[0]}. Not known to the service: NOSUCH and xyz1.`,
    )
  })

  it('offline: symbols the last poll listed are still added; the rest are said to be unchecked, not unknown', async () => {
    h = await liveHarness({ settings: { watchlist: ['TSLA'] } })
    await h.core.refreshNow() // the service's list of stocks is now in the cache
    await h.service.close()

    const result = await h.core.addSymbols(['nvda', 'NOSUCH'])
    expect(result.added).toEqual(['NVDA'])
    expect(result.unknown).toEqual([])
    expect(result.notChecked).toEqual(['NOSUCH'])
    expect(result.problem).toMatch(/\S/)
    expect(result.line).toMatch(/^Added NVDA\. Not checked with the service: NOSUCH \(.+\)\.$/)
    expect((await h.core.getSettings()).watchlist).toEqual(['TSLA', 'NVDA'])
  })

  it('pieces that are no symbols are said to be unknown; nothing is asked for them', async () => {
    h = await harness({ settings: { watchlist: ['GOLD'] } })
    const long = 'X'.repeat(5000)
    const result = await h.core.addSymbols(splitSymbolList(`$TSLA ${long} gold`))
    expect(result.unknown).toEqual(['$TSLA', `${'X'.repeat(40)}…`])
    expect(result.already).toEqual(['GOLD'])
    expect(result.added).toEqual([])
    expect((await h.core.getSettings()).watchlist).toEqual(['GOLD'])
  })
})
