// Scenarios reshape the data consistently: a TVL drop shows in the network, issuer, totals,
// history and analytics; an issuer can vanish from the detail.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AssetDetail } from '../../src/shared/liquidity-schemas'
import { parseAnalytics, parseAssetDetail } from '../../src/shared/parse'
import type { LocalService } from '../../src/dev-service/server'
import { ANALYTICS, ASSET, DAY, NOON, isoDate, ok, start, type TestClock } from './helpers'

type Svc = LocalService & { clock: TestClock }
let svc: Svc
let base: Svc // same clock, never scripted: the "before" picture

beforeAll(async () => {
  ;[svc, base] = await Promise.all([start(), start()])
})
afterEach(() => {
  svc.scenarios.clear()
  svc.clock.set(NOON)
  base.clock.set(NOON)
})
afterAll(() => Promise.all([svc.close(), base.close()]))

const detail = async (s: Svc, symbol = 'TSLA'): Promise<AssetDetail> =>
  parseAssetDetail(await ok(s, `${ASSET}${symbol}`))
const issuer = (d: AssetDetail, name: string) => d.issuers.find((i) => i.name === name)
const net = (d: AssetDetail, name: string, network: string) =>
  issuer(d, name)?.networks.find((n) => n.network === network)
const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0)

describe('tvl-drop', () => {
  it('a 25 % 7-day drop at one issuer on one network shows in that network, the issuer, totals and history', async () => {
    const id = svc.scenarios.add({
      kind: 'tvl-drop',
      symbol: 'TSLA',
      issuer: 'Backed',
      network: 'solana',
      pct: 25,
      windowDays: 7,
    })
    expect(id).toEqual(expect.any(String))
    const [after, before] = await Promise.all([detail(svc), detail(base)])

    const hit = net(after, 'Backed', 'solana')?.tvl as number
    const was = net(before, 'Backed', 'solana')?.tvl as number
    expect(Math.abs(hit - was * 0.75)).toBeLessThanOrEqual(1)
    const delta = was - hit
    // Other slices are untouched.
    expect(net(after, 'Backed', 'ethereum')).toEqual(net(before, 'Backed', 'ethereum'))
    expect(issuer(after, 'Ondo')).toEqual(issuer(before, 'Ondo'))
    // Issuer and asset totals fall by exactly the same amount and still sum.
    expect(issuer(after, 'Backed')?.totalTvl).toBe(
      (issuer(before, 'Backed')?.totalTvl as number) - delta,
    )
    expect(after.totalTvl).toBe(before.totalTvl - delta)
    expect(after.totalTvl).toBe(sum(after.issuers.map((i) => i.totalTvl)))
    // The window started before the drop: history keeps the old level, the change deepens.
    expect(after.history['7d'].tvl).toBe(before.history['7d'].tvl)
    expect(after.history['7d'].tvlChange).toBeCloseTo(
      after.totalTvl / after.history['7d'].tvl - 1,
      5,
    )
    expect(after.history['7d'].tvlChange).toBeLessThan(
      before.history['7d'].tvlChange - delta / before.history['7d'].tvl + 1e-5,
    )
  })

  it('shows the same drop in analytics: symbol, issuer and total series, linear over the window', async () => {
    svc.scenarios.add({
      kind: 'tvl-drop',
      symbol: 'TSLA',
      issuer: 'Backed',
      network: 'solana',
      pct: 25,
      windowDays: 7,
    })
    const q = `${ANALYTICS}?days=10`
    const [d, b] = await Promise.all([detail(svc), detail(base)])
    const delta = b.totalTvl - d.totalTvl
    const sym = async (s: Svc) =>
      parseAnalytics('stock', await ok(s, `${q}&groupBy=stock&symbol=TSLA`)).data[0]?.series ?? []
    const iss = async (s: Svc) =>
      parseAnalytics('issuer', await ok(s, `${q}&groupBy=issuer&issuer=Backed`)).data[0]?.series ??
      []
    const tot = async (s: Svc) => parseAnalytics('total', await ok(s, q)).series
    for (const read of [sym, iss, tot]) {
      const [a, z] = await Promise.all([read(svc), read(base)])
      expect(a.at(-1)?.tvl).toBe((z.at(-1)?.tvl as number) - delta)
      // Before the window: identical. Inside it: a partial drop.
      expect(a.slice(0, 2)).toEqual(z.slice(0, 2))
      const mid = a.findIndex((p) => p.date === isoDate(NOON - 3 * DAY))
      expect(a[mid]?.tvl).toBeLessThan(z[mid]?.tvl as number)
      expect((z[mid]?.tvl as number) - (a[mid]?.tvl as number)).toBeLessThan(delta)
    }
    expect((await sym(svc)).at(-1)?.tvl).toBe(d.totalTvl)
  })

  it('stays down after endsAt, and applies to a whole symbol when issuer/network are omitted', async () => {
    svc.scenarios.add({
      kind: 'tvl-drop',
      symbol: 'NVDA',
      pct: 40,
      windowDays: 2,
      endsAt: new Date(NOON - 20 * DAY).toISOString(),
    })
    const [a, b] = await Promise.all([detail(svc, 'NVDA'), detail(base, 'NVDA')])
    for (const i of b.issuers) {
      for (const n of i.networks) {
        const got = net(a, i.name, n.network)?.tvl as number
        expect(Math.abs(got - n.tvl * 0.6)).toBeLessThanOrEqual(1)
      }
    }
    // The drop ended 20 days ago: 7d history is down too, 30d history is not.
    expect(Math.abs(a.history['7d'].tvl - b.history['7d'].tvl * 0.6)).toBeLessThanOrEqual(
      a.issuers.length * 4,
    )
    expect(a.history['30d'].tvl).toBe(b.history['30d'].tvl)
    svc.clock.set(NOON + 5 * DAY)
    base.clock.set(NOON + 5 * DAY)
    const [a2, b2] = await Promise.all([detail(svc, 'NVDA'), detail(base, 'NVDA')])
    expect(Math.abs(a2.totalTvl - b2.totalTvl * 0.6)).toBeLessThanOrEqual(a2.issuers.length * 4)
  })

  it('endsAt defaults to the service clock when added, at the whole second its answers use', () => {
    svc.clock.set(NOON + 1234)
    svc.scenarios.add({ kind: 'tvl-drop', symbol: 'AAPL', pct: 10, windowDays: 3 })
    expect(svc.scenarios.list()[0]).toMatchObject({
      kind: 'tvl-drop',
      endsAt: new Date(NOON + 1000).toISOString(),
    })
  })
})

describe('issuer-missing', () => {
  it('removes the issuer from the detail; the rest still sums', async () => {
    svc.scenarios.add({ kind: 'issuer-missing', symbol: 'TSLA', issuer: 'Ondo' })
    const [a, b] = await Promise.all([detail(svc), detail(base)])
    expect(a.issuers.map((i) => i.name)).toEqual(
      b.issuers.map((i) => i.name).filter((n) => n !== 'Ondo'),
    )
    expect(a.totalTvl).toBe(b.totalTvl - (issuer(b, 'Ondo')?.totalTvl as number))
    expect(a.totalTvl).toBe(sum(a.issuers.map((i) => i.totalTvl)))
    expect(a.totalVolume).toBe(sum(a.issuers.map((i) => i.totalVolume)))
    expect(a.history['7d'].tvl).toBeLessThan(b.history['7d'].tvl)
    // Other assets keep the issuer.
    expect(issuer(await detail(svc, 'NVDA'), 'Ondo')).toBeDefined()
  })

  it('keepInHistory: the history still counts it, so the total looks like a drop', async () => {
    svc.scenarios.add({
      kind: 'issuer-missing',
      symbol: 'TSLA',
      issuer: 'Ondo',
      keepInHistory: true,
    })
    const [a, b] = await Promise.all([detail(svc), detail(base)])
    expect(a.issuers.map((i) => i.name)).not.toContain('Ondo')
    expect(a.totalTvl).toBe(b.totalTvl - (issuer(b, 'Ondo')?.totalTvl as number))
    expect(a.history['7d'].tvl).toBe(b.history['7d'].tvl)
    expect(a.history['7d'].tvlChange).toBeCloseTo(a.totalTvl / a.history['7d'].tvl - 1, 5)
  })
})

describe('reported-change', () => {
  it('makes the detail report a tvlChange that contradicts its own history', async () => {
    svc.scenarios.add({ kind: 'reported-change', symbol: 'TSLA', tvlChange: 0.02 })
    const [a, b] = await Promise.all([detail(svc), detail(base)])
    expect(a.history['7d']).toEqual({ tvl: b.history['7d'].tvl, tvlChange: 0.02 })
    expect(a.history['30d']).toEqual(b.history['30d'])
    expect(a.totalTvl).toBe(b.totalTvl)
  })
})

describe('frozen', () => {
  it('serves the values of asOf and series that end that day', async () => {
    const asOf = NOON - 3 * DAY
    svc.scenarios.add({ kind: 'frozen', symbol: 'TSLA', asOf: new Date(asOf).toISOString() })
    base.clock.set(asOf)
    const [a, then] = await Promise.all([detail(svc), detail(base)])
    expect(a).toEqual(then)
    const series = async (s: Svc, symbol: string) =>
      parseAnalytics('stock', await ok(s, `${ANALYTICS}?days=5&groupBy=stock&symbol=${symbol}`))
        .data[0]?.series ?? []
    const frozen = await series(svc, 'TSLA')
    expect(frozen).toHaveLength(5)
    expect(frozen.at(-1)?.date).toBe(isoDate(asOf))
    // Other symbols still advance.
    expect((await series(svc, 'NVDA')).at(-1)?.date).toBe(isoDate(NOON))
  })
})

describe('oscillate', () => {
  it('alternates the TVL between its level and pct % lower every half period', async () => {
    svc.scenarios.add({ kind: 'oscillate', symbol: 'TSLA', pct: 20, periodMinutes: 20 })
    const ratio = async (): Promise<number> => {
      const [a, b] = await Promise.all([detail(svc), detail(base)])
      return a.totalTvl / b.totalTvl
    }
    const at = async (minutes: number): Promise<number> => {
      svc.clock.set(NOON + minutes * 60_000)
      base.clock.set(NOON + minutes * 60_000)
      return ratio()
    }
    expect(await at(0)).toBeCloseTo(0.8, 4)
    expect(await at(10)).toBeCloseTo(1, 4)
    expect(await at(25)).toBeCloseTo(0.8, 4)
    expect(await at(35)).toBeCloseTo(1, 4)
    // The history before it started is untouched.
    expect((await detail(svc)).history['7d']).toEqual((await detail(base)).history['7d'])
  })
})

describe('controller', () => {
  it('lists, removes and clears; removal restores the data', async () => {
    const before = await detail(svc)
    const a = svc.scenarios.add({ kind: 'issuer-missing', symbol: 'TSLA', issuer: 'Dinari' })
    const b = svc.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 50, windowDays: 1 })
    expect(a).not.toBe(b)
    expect(svc.scenarios.list().map((s) => s.id)).toEqual([a, b])
    expect((await detail(svc)).totalTvl).toBeLessThan(before.totalTvl)
    expect(svc.scenarios.remove(a)).toBe(true)
    expect(svc.scenarios.remove(a)).toBe(false)
    expect(svc.scenarios.list().map((s) => s.id)).toEqual([b])
    svc.scenarios.clear()
    expect(svc.scenarios.list()).toEqual([])
    expect(await detail(svc)).toEqual(before)
  })

  it.each([
    [{ kind: 'tvl-drop', symbol: 'tsla', pct: 10, windowDays: 7 }, /unknown symbol/],
    [
      { kind: 'tvl-drop', symbol: 'TSLA', issuer: 'Paxos', pct: 10, windowDays: 7 },
      /does not issue/,
    ],
    [
      {
        kind: 'tvl-drop',
        symbol: 'TSLA',
        issuer: 'Robinhood',
        network: 'solana',
        pct: 10,
        windowDays: 7,
      },
      /not on solana/,
    ],
    [{ kind: 'tvl-drop', symbol: 'TSLA', pct: 0, windowDays: 7 }, /pct/],
    [{ kind: 'tvl-drop', symbol: 'TSLA', pct: 150, windowDays: 7 }, /pct/],
    [{ kind: 'tvl-drop', symbol: 'TSLA', pct: 10, windowDays: 0 }, /windowDays/],
    [{ kind: 'issuer-missing', symbol: 'TSLA' }, /issuer/],
    [{ kind: 'reported-change', symbol: 'TSLA', tvlChange: 'x' }, /tvlChange/],
    [{ kind: 'oscillate', symbol: 'TSLA', pct: 100, periodMinutes: 10 }, /pct/],
    [{ kind: 'frozen', symbol: 'NOPE', asOf: 0 }, /unknown symbol/],
    [{ kind: 'explode', symbol: 'TSLA' }, /kind/],
  ])('rejects %j with a readable error', (bad, msg) => {
    expect(() => svc.scenarios.add(bad as never)).toThrow(msg)
    expect(svc.scenarios.list()).toEqual([])
  })
})
