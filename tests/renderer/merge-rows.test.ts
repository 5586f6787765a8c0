// The watchlist applies a poll's rows one by one: unchanged rows keep their object (the keyed
// table then re-runs nothing for them), changed ones are replaced, order follows the engine.
import { describe, expect, it } from 'vitest'
import { mergeRows } from '../../src/renderer/src/state/merge-rows'
import type { WatchRow } from '../../src/shared/view-models'

function row(symbol: string, totalTvl: number): WatchRow {
  return { symbol, totalTvl, findings: [], sparkline: [1, 2, 3] } as unknown as WatchRow
}
/** As a row arrives from IPC: a fresh copy with the same content. */
const copy = (r: WatchRow): WatchRow => structuredClone(r)

describe('mergeRows', () => {
  const prev = [row('TSLA', 1), row('NVDA', 2), row('GOLD', 3)]

  it('keeps the previous array when no row changed', () => {
    expect(mergeRows(prev, prev.map(copy))).toBe(prev)
  })

  it('replaces only the changed row, keeping the others by identity', () => {
    const next = [copy(prev[0]!), row('NVDA', 20), copy(prev[2]!)]
    const out = mergeRows(prev, next)
    expect(out).not.toBe(prev)
    expect(out[0]).toBe(prev[0])
    expect(out[1]).toBe(next[1])
    expect(out[2]).toBe(prev[2])
  })

  it("follows the engine's order and membership (added, removed, moved rows)", () => {
    const next = [copy(prev[2]!), row('AAPL', 4), copy(prev[0]!)]
    const out = mergeRows(prev, next)
    expect(out.map((r) => r.symbol)).toEqual(['GOLD', 'AAPL', 'TSLA'])
    expect(out[0]).toBe(prev[2])
    expect(out[2]).toBe(prev[0])
    expect(mergeRows(prev, [copy(prev[1]!), copy(prev[0]!), copy(prev[2]!)])).not.toBe(prev)
  })

  it('a change deep in a row (one finding more) replaces that row', () => {
    const changed = { ...copy(prev[1]!), findings: ['source stale'] }
    const out = mergeRows(prev, [copy(prev[0]!), changed, copy(prev[2]!)])
    expect(out[1]).toBe(changed)
  })
})
