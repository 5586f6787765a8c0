// Issuer and network shares over time (the asset view's share charts) from history.sqlite written
// by real polls of the local service on a fake clock: an issuer that drops out of the data
// (issuer-missing scenario) counts 0 at that time, every time's shares sum to one, the figures
// are the polled details' own, and after a week the points are the ones retention kept.
import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, it } from 'vitest'
import type { AssetSharesView, ShareHistory } from '../../src/shared/asset-shares'
import type { AssetDetail } from '../../src/shared/liquidity-schemas'
import { historyPath } from '../../src/main/engine/history/history-store'
import { harness, MIN, type Harness } from './helpers'

const DAY = 24 * 60 * MIN
let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

/** One poll, and the detail it recorded (the asset view's detail right after it). */
async function poll(x: Harness): Promise<{ at: number; detail: AssetDetail }> {
  await x.core.refreshNow()
  const at = Date.parse(x.core.lastCycle()!.at)
  return { at, detail: (await x.core.getAsset('TSLA')).data }
}

function networksOf(d: AssetDetail): Map<string, number> {
  const m = new Map<string, number>()
  for (const i of d.issuers)
    for (const n of i.networks) m.set(n.network, (m.get(n.network) ?? 0) + n.tvl)
  return m
}

/** The series' value of `name` at time index t (0 when it has no series: it was never there). */
const tvlAt = (s: ShareHistory, name: string, t: number): number =>
  s.parts.find((p) => p.name === name)?.tvl[t] ?? 0

function expectSharesSumToOne(s: ShareHistory): void {
  s.at.forEach((_, t) => {
    expect(s.parts.reduce((a, p) => a + p.share[t]!, 0)).toBeCloseTo(1, 12)
    const total = s.parts.reduce((a, p) => a + p.tvl[t]!, 0)
    for (const p of s.parts) expect(p.share[t]).toBeCloseTo(p.tvl[t]! / total, 12)
  })
}

describe('asset shares over time', () => {
  it('follows the polls: an issuer missing from one poll counts 0 there; too little history is said', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    const empty = await h.core.getAssetShares('TSLA')
    expect(empty).toMatchObject({ symbol: 'TSLA', snapshots: 0, asOf: null })
    expect(empty.reason).toMatch(/^Not enough history yet: .* has no figures of TSLA yet\./)

    const polls = [await poll(h)]
    const one = await h.core.getAssetShares('TSLA')
    expect(one.snapshots).toBe(1)
    expect(one.reason).toMatch(/^Not enough history yet: .* one set of figures of TSLA so far\./)
    expect(one.issuers.parts).toEqual([])

    const issuers = polls[0]!.detail.issuers.map((i) => i.name)
    expect(issuers.length).toBeGreaterThan(1)
    const gone = issuers[0]!
    h.clock.jump(5 * MIN)
    polls.push(await poll(h))
    const id = h.service.scenarios.add({ kind: 'issuer-missing', symbol: 'TSLA', issuer: gone })
    h.clock.jump(5 * MIN)
    polls.push(await poll(h))
    expect(polls[2]!.detail.issuers.map((i) => i.name)).not.toContain(gone)
    h.service.scenarios.remove(id)
    h.clock.jump(5 * MIN)
    polls.push(await poll(h))

    const view: AssetSharesView = await h.core.getAssetShares('TSLA')
    expect(view.reason).toBeNull()
    expect(view.snapshots).toBe(4)
    expect(view.issuers.at).toEqual(polls.map((p) => p.at))
    expect(view.networks.at).toEqual(polls.map((p) => p.at))
    expect([view.from, view.asOf]).toEqual([
      new Date(polls[0]!.at).toISOString(),
      new Date(polls[3]!.at).toISOString(),
    ])
    // Few issuers and networks: each its own series, none summed as Others.
    expect(view.issuers.others).toEqual([])
    expect(view.issuers.parts.map((p) => p.name).sort()).toEqual([...issuers].sort())
    polls.forEach(({ detail }, t) => {
      for (const name of issuers)
        expect(tvlAt(view.issuers, name, t), `${name} at poll ${t}`).toBe(
          detail.issuers.find((i) => i.name === name)?.totalTvl ?? 0,
        )
      const nets = networksOf(detail)
      for (const p of view.networks.parts)
        expect(p.tvl[t], `${p.name} at poll ${t}`).toBeCloseTo(nets.get(p.name) ?? 0, 6)
      expect(view.networks.parts.map((p) => p.name).sort()).toEqual(
        [...networksOf(polls[0]!.detail).keys()].sort(),
      )
    })
    const missing = view.issuers.parts.find((p) => p.name === gone)!
    expect(missing.tvl[2]).toBe(0)
    expect(missing.share[2]).toBe(0)
    expect(missing.share[3]).toBeGreaterThan(0)
    expectSharesSumToOne(view.issuers)
    expectSharesSumToOne(view.networks)
    // Largest first by TVL over the span.
    const area = (p: { tvl: number[] }): number => p.tvl.reduce((a, b) => a + b, 0)
    const areas = view.issuers.parts.map(area)
    expect(areas).toEqual([...areas].sort((a, b) => b - a))
  })

  it('gives the points as stored: after a week, retention’s downsampled ones', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    for (let i = 0; i < 6; i++) {
      await poll(h)
      h.clock.jump(5 * MIN)
    }
    h.clock.jump(8 * DAY)
    await poll(h)
    h.clock.jump(2 * DAY)
    await poll(h)

    const view = await h.core.getAssetShares('TSLA')
    const db = new DatabaseSync(historyPath(h.dir), { readOnly: true })
    const stored = (
      db.prepare("SELECT at FROM snapshot WHERE symbol = 'TSLA' ORDER BY at").all() as {
        at: number
      }[]
    ).map((r) => r.at)
    db.close()
    // Eight polls, fewer points kept: the first hour's polls became one per UTC hour.
    expect(stored.length).toBeLessThan(8)
    expect(view.issuers.at).toEqual(stored)
    expect(view.networks.at).toEqual(stored)
    expect(view.snapshots).toBe(stored.length)
    expectSharesSumToOne(view.issuers)
  })
})
