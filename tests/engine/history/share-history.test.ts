// Shares over time on a real history.sqlite: parts on one time axis (absent → 0), at most eight
// series with the smallest summed as "Others", shares of the sum at each time.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { HistoryEntry } from '../../../src/main/engine/history/history-entry'
import { HistoryStore, historyPath } from '../../../src/main/engine/history/history-store'
import { shareHistory } from '../../../src/main/engine/history/share-history'
import { MAX_SHARE_SERIES, OTHERS } from '../../../src/shared/asset-shares'

const T0 = Date.parse('2026-03-01T12:00:00Z')
const MIN = 60_000
let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lw-shares-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

/** A snapshot with one issuer per [name, tvl], each on the network `net-<i mod 3>`. */
function snapshot(parts: [string, number][]): HistoryEntry {
  const tvl = parts.reduce((s, [, v]) => s + v, 0)
  return {
    symbol: 'TSLA',
    tvl,
    volume: 0,
    price: 100,
    onChainMarketCap: tvl,
    seriesDate: null,
    issuers: parts.map(([issuer, v], i) => ({
      issuer,
      tvl: v,
      volume: 0,
      networks: [{ network: `net-${i % 3}`, tvl: v, pools: 1 }],
    })),
  }
}

describe('share history', () => {
  it('keeps the seven largest issuers and sums the rest as Others; absent parts count 0', () => {
    const store = HistoryStore.open({ path: historyPath(dir), now: () => new Date(T0) })
    // Ten issuers: i0 largest … i9 smallest; i8 leaves in the second snapshot, i1 in the third.
    const ten = Array.from({ length: 10 }, (_, i): [string, number] => [`i${i}`, 1000 - i * 100])
    const without = (name: string): [string, number][] => ten.filter(([n]) => n !== name)
    store.record('demo', T0, [snapshot(ten)])
    store.record('demo', T0 + 5 * MIN, [snapshot(without('i8'))])
    store.record('demo', T0 + 10 * MIN, [snapshot(without('i1'))])
    const reader = store.reader('demo')
    const s = shareHistory(reader.issuerShares('TSLA', 0, T0 + 60 * MIN))
    store.close()

    expect(s.at).toEqual([T0, T0 + 5 * MIN, T0 + 10 * MIN])
    expect(s.parts).toHaveLength(MAX_SHARE_SERIES)
    // Ranked by TVL over the span: i1, gone from the last snapshot, falls behind i3 (ties by name).
    expect(s.parts.map((p) => p.name)).toEqual(['i0', 'i2', 'i3', 'i1', 'i4', 'i5', 'i6', OTHERS])
    expect(s.others).toEqual(['i7', 'i8', 'i9'])
    // Others: i7 + i8 + i9 (i8 absent from the second snapshot), and i1 is 0 when it left.
    expect(s.parts.at(-1)!.tvl).toEqual([300 + 200 + 100, 300 + 100, 300 + 200 + 100])
    expect(s.parts.find((p) => p.name === 'i1')!.tvl).toEqual([900, 900, 0])
    const totals = [5500, 5300, 4600]
    s.parts.forEach((p) => p.share.forEach((v, t) => expect(v).toBe(p.tvl[t]! / totals[t]!)))
  })

  it('gives every part its own series up to eight, and 0 shares where the sum is 0', () => {
    const store = HistoryStore.open({ path: historyPath(dir), now: () => new Date(T0) })
    const eight = Array.from({ length: 8 }, (_, i): [string, number] => [`i${i}`, 8 - i])
    store.record('demo', T0, [snapshot(eight)])
    store.record('demo', T0 + MIN, [snapshot(eight.map(([n]) => [n, 0]))])
    const reader = store.reader('demo')
    const issuers = shareHistory(reader.issuerShares('TSLA', 0, T0 + MIN))
    const networks = shareHistory(reader.networkShares('TSLA', 0, T0 + MIN))
    store.close()
    expect(issuers.parts.map((p) => p.name)).toEqual(eight.map(([n]) => n))
    expect(issuers.others).toEqual([])
    expect(issuers.parts.map((p) => p.share[1])).toEqual(eight.map(() => 0))
    // Networks summed over issuers: net-0 holds i0, i3, i6.
    expect(networks.parts.map((p) => p.name)).toEqual(['net-0', 'net-1', 'net-2'])
    expect(networks.parts[0]!.tvl).toEqual([8 + 5 + 2, 0])
  })
})
