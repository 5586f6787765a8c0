// issuer-migration moves TVL from one issuer to another with the symbol's total unchanged;
// issuer-exit takes one issuer's TVL away with nothing rising. Both through real HTTP.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AssetDetail } from '../../src/shared/liquidity-schemas'
import { parseAssetDetail } from '../../src/shared/parse'
import type { LocalService } from '../../src/dev-service/server'
import { ASSET, ok, start, type TestClock } from './helpers'

type Svc = LocalService & { clock: TestClock }
let svc: Svc
let base: Svc

beforeAll(async () => {
  ;[svc, base] = await Promise.all([start(), start()])
})
afterEach(() => svc.scenarios.clear())
afterAll(() => Promise.all([svc.close(), base.close()]))

const detail = async (s: Svc, symbol = 'TSLA'): Promise<AssetDetail> =>
  parseAssetDetail(await ok(s, `${ASSET}${symbol}`))
const tvlOf = (d: AssetDetail, name: string): number =>
  d.issuers.find((i) => i.name === name)?.totalTvl ?? NaN

describe('issuer scenarios', () => {
  it('issuer-migration: 40 % of Backed moves to Ondo, the total stays (to the rounding dollar)', async () => {
    svc.scenarios.add({
      kind: 'issuer-migration',
      symbol: 'TSLA',
      from: 'Backed',
      to: 'Ondo',
      pct: 40,
      windowDays: 7,
    })
    const [after, before] = await Promise.all([detail(svc), detail(base)])
    const moved = tvlOf(before, 'Backed') * 0.4
    expect(Math.abs(tvlOf(after, 'Backed') - tvlOf(before, 'Backed') * 0.6)).toBeLessThanOrEqual(2)
    expect(Math.abs(tvlOf(after, 'Ondo') - (tvlOf(before, 'Ondo') + moved))).toBeLessThanOrEqual(4)
    expect(Math.abs(after.totalTvl - before.totalTvl)).toBeLessThanOrEqual(8)
    // The window started before the move: the service's 7-day change of the total is unchanged.
    expect(after.history['7d'].tvl).toBe(before.history['7d'].tvl)
  })

  it('issuer-exit: Backed falls by half, nothing rises, the total falls by as much', async () => {
    svc.scenarios.add({
      kind: 'issuer-exit',
      symbol: 'TSLA',
      issuer: 'Backed',
      pct: 50,
      windowDays: 7,
    })
    const [after, before] = await Promise.all([detail(svc), detail(base)])
    const fell = tvlOf(before, 'Backed') - tvlOf(after, 'Backed')
    expect(Math.abs(fell - tvlOf(before, 'Backed') * 0.5)).toBeLessThanOrEqual(4)
    expect(tvlOf(after, 'Ondo')).toBe(tvlOf(before, 'Ondo'))
    expect(Math.abs(before.totalTvl - after.totalTvl - fell)).toBeLessThanOrEqual(2)
  })

  it('refuses a migration to the same issuer or to an issuer that does not issue the symbol', () => {
    const m = { kind: 'issuer-migration', symbol: 'TSLA', pct: 10, windowDays: 7 } as const
    expect(() => svc.scenarios.add({ ...m, from: 'Backed', to: 'Backed' })).toThrow(/different/)
    expect(() => svc.scenarios.add({ ...m, from: 'Backed', to: 'Nobody' })).toThrow(
      /Nobody does not issue TSLA/,
    )
  })
})
